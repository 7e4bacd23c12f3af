package org.openmark.output;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.openmark.config.ConfigException;

/**
 * The directory a run writes its results into ({@code --out}), kept to one run's files. Every
 * command that writes one leaves a manifest ({@value #MANIFEST}) naming the run and the files it
 * wrote. A directory that holds another run's files is refused (a report of one run beside the
 * result of another is worse than none) unless the user asks to replace them; then they are
 * deleted before the new run writes anything, and nothing else is: other files in the directory
 * are the user's. A directory without a manifest (written by an older openmark) is judged by the
 * names a run writes.
 */
public final class OutputDirectory {
    /** The manifest: the run's id on the first line, then one written file a line, relative to the directory. */
    public static final String MANIFEST = ".openmark-outputs";

    /** What a run writes into its directory, for a directory without a manifest. */
    static final List<String> KNOWN = List.of("result.json", "result.txt", "report.html", "latency.hlog",
            "timeseries.csv", "nodes.csv", "events", "workers");

    private OutputDirectory() {
    }

    /**
     * Checks {@code dir} for another run's files and returns them (relative paths; empty when
     * there are none). Refuses the directory when it holds some and {@code replace} is false.
     *
     * @param flag the flag that named the directory, for the error
     * @param replaceFlag the flag that replaces them, for the error
     */
    public static List<Path> claim(String flag, Path dir, boolean replace, String replaceFlag) {
        List<Path> previous = previous(dir);
        if (!previous.isEmpty() && !replace) {
            List<String> names = previous.stream().map(Path::toString).limit(4).toList();
            throw ConfigException.of(flag, dir.toString(), "holds the results of another run (" + String.join(", ",
                    names) + (previous.size() > names.size() ? ", …" : "") + "): give a new or empty directory, or "
                    + replaceFlag + " to delete what openmark wrote there before (other files are kept)");
        }
        return previous;
    }

    /** The files a previous run wrote into {@code dir}, relative to it; empty when none (or no directory). */
    public static List<Path> previous(Path dir) {
        Path manifest = dir.resolve(MANIFEST);
        Set<Path> found = new TreeSet<>();
        try {
            if (Files.isRegularFile(manifest)) {
                List<String> lines = Files.readAllLines(manifest, StandardCharsets.UTF_8);
                for (String line : lines.subList(Math.min(1, lines.size()), lines.size())) {
                    Path p = Path.of(line.strip());
                    if (!line.isBlank() && !p.isAbsolute() && !p.normalize().startsWith("..")
                            && Files.exists(dir.resolve(p))) {
                        found.add(p.normalize());
                    }
                }
                found.add(Path.of(MANIFEST));
            }
            for (String name : KNOWN) {
                Path p = dir.resolve(name);
                if (Files.isDirectory(p)) {
                    try (Stream<Path> files = Files.walk(p)) {
                        files.filter(Files::isRegularFile).forEach(f -> found.add(dir.relativize(f)));
                    }
                } else if (Files.exists(p)) {
                    found.add(Path.of(name));
                }
            }
        } catch (IOException e) {
            throw new ConfigException("--out=" + dir + ": cannot be read (" + e.getMessage() + ")");
        }
        return List.copyOf(found);
    }

    /**
     * Deletes the files of a previous run ({@link #claim}), with the directories that left empty;
     * other files stay.
     */
    public static void clear(Path dir, List<Path> previous) throws IOException {
        for (Path p : previous) {
            Path file = dir.resolve(p);
            Files.deleteIfExists(file);
            for (Path parent = file.getParent(); parent != null && !parent.equals(dir) && isEmptyDirectory(parent);
                    parent = parent.getParent()) {
                Files.delete(parent);
            }
        }
    }

    /**
     * Records that run {@code runId} wrote the run's files now in {@code dir} (the directory held no
     * other run's when it began: {@link #claim}, {@link #clear}).
     *
     * @throws IOException naming the manifest when it cannot be written
     */
    public static void finish(Path dir, String runId) throws IOException {
        List<String> lines = new ArrayList<>();
        lines.add(runId);
        for (Path p : previous(dir)) {
            if (!p.equals(Path.of(MANIFEST))) {
                lines.add(p.toString());
            }
        }
        AtomicFiles.writeString(dir.resolve(MANIFEST), String.join("\n", lines) + "\n");
    }

    private static boolean isEmptyDirectory(Path p) throws IOException {
        if (!Files.isDirectory(p)) {
            return false;
        }
        try (Stream<Path> s = Files.list(p)) {
            return s.findAny().isEmpty();
        }
    }
}
