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
 * result of another is worse than none) unless the user asks to replace them; then the files the
 * manifest lists are deleted before the new run writes anything, and nothing else is: every file
 * openmark did not list as its own is the user's.
 *
 * <p>Implementation notes. The manifest is written twice. Just before the run writes its first
 * file ({@link #begin}) it says {@value #INCOMPLETE} and lists, as {@code kept}, the files already
 * there under the names a run writes (the user's); at the end ({@link #finish}) it holds the run's
 * id and the files under those names that were not there before. A run that died between the two
 * (killed, power lost) so leaves a manifest from which its files can still be told from the
 * user's. A directory with files named as a run's outputs but no manifest (written by an older
 * openmark, or by the user) is refused even with {@code --replace}: nothing says whose they are.
 */
public final class OutputDirectory {
    /** The manifest: the run's id on the first line, then one written file a line, relative to the directory. */
    public static final String MANIFEST = ".openmark-outputs";

    /** The first line of the manifest of a run that has not finished writing. */
    static final String INCOMPLETE = "incomplete";

    /** Prefix of a manifest line naming a file that was there before the run (not the run's). */
    static final String KEPT = "kept ";

    /** The names a run writes into its directory (files, and directories of files). */
    static final List<String> OUTPUT_NAMES = List.of("result.json", "result.txt", "report.html", "latency.hlog",
            "timeseries.csv", "nodes.csv", "events", "workers");

    private OutputDirectory() {
    }

    /**
     * Checks {@code dir} for another run's files and returns those to delete before this run writes
     * (relative paths; empty when there are none). Refuses the directory when it holds some and
     * {@code replace} is false, and always when it holds files named as a run's outputs without a
     * manifest saying openmark wrote them.
     *
     * @param flag the flag that named the directory, for the error
     * @param replaceFlag the flag that replaces them, for the error
     */
    public static List<Path> claim(String flag, Path dir, boolean replace, String replaceFlag) {
        Path manifest = dir.resolve(MANIFEST);
        if (!Files.isRegularFile(manifest)) {
            List<Path> unowned = underOutputNames(dir);
            if (!unowned.isEmpty()) {
                throw ConfigException.of(flag, dir.toString(), "holds files named as a run's outputs ("
                        + list(unowned) + ") but no manifest (" + MANIFEST + ") saying openmark wrote them, so "
                        + replaceFlag + " does not delete them: move them away yourself, or give a new or empty"
                        + " directory");
            }
            return List.of();
        }
        List<Path> previous = previous(dir);
        if (!replace) {
            boolean incomplete = firstLine(manifest).equals(INCOMPLETE);
            throw ConfigException.of(flag, dir.toString(), "holds the results of " + (incomplete
                    ? "an incomplete run" : "another run") + " (" + list(previous) + "): give a new or empty"
                    + " directory, or " + replaceFlag + " to delete the files its manifest (" + MANIFEST
                    + ") lists as openmark's (no other file is touched)");
        }
        return previous;
    }

    /**
     * The files the run recorded in {@code dir}'s manifest wrote, relative to it, with the manifest
     * itself; empty when there is no manifest. For an incomplete run's manifest: the files now under
     * the names a run writes that it does not list as kept.
     */
    public static List<Path> previous(Path dir) {
        Path manifest = dir.resolve(MANIFEST);
        if (!Files.isRegularFile(manifest)) {
            return List.of();
        }
        Set<Path> found = new TreeSet<>();
        List<String> lines = lines(manifest);
        if (!lines.isEmpty() && lines.get(0).equals(INCOMPLETE)) {
            Set<Path> kept = kept(lines);
            for (Path p : underOutputNames(dir)) {
                if (!kept.contains(p)) {
                    found.add(p);
                }
            }
            // what an interrupted atomic write left at the top (those in events/ and workers/ are above)
            for (String name : OUTPUT_NAMES) {
                Path tmp = AtomicFiles.temporary(Path.of(name));
                if (Files.isRegularFile(dir.resolve(tmp)) && !kept.contains(tmp)) {
                    found.add(tmp);
                }
            }
        } else {
            for (String line : lines.subList(Math.min(1, lines.size()), lines.size())) {
                if (line.isBlank()) {
                    continue;
                }
                Path p = Path.of(line.strip()).normalize();
                if (!p.isAbsolute() && !p.startsWith("..") && Files.isRegularFile(dir.resolve(p))) {
                    found.add(p);
                }
            }
        }
        found.add(Path.of(MANIFEST));
        return List.copyOf(found);
    }

    /**
     * Deletes the files of a previous run ({@link #claim}), with the directories that left empty,
     * then marks {@code dir} as being written by a run that has not finished ({@link #begin}).
     * Nothing else is deleted. A null {@code dir} (no {@code --out}) does nothing.
     */
    public static void clear(Path dir, List<Path> previous) throws IOException {
        if (dir == null) {
            return;
        }
        for (Path p : previous) {
            Path file = dir.resolve(p);
            Files.deleteIfExists(file);
            for (Path parent = file.getParent(); parent != null && !parent.equals(dir) && isEmptyDirectory(parent);
                    parent = parent.getParent()) {
                Files.delete(parent);
            }
        }
        begin(dir);
    }

    /**
     * Writes the manifest of a run about to write into {@code dir}: {@value #INCOMPLETE}, and the
     * files already under the names a run writes (the user's, kept), so that what a run killed
     * before {@link #finish} wrote can still be told from them.
     */
    static void begin(Path dir) throws IOException {
        List<String> lines = new ArrayList<>();
        lines.add(INCOMPLETE);
        for (Path p : underOutputNames(dir)) {
            lines.add(KEPT + p);
        }
        Files.createDirectories(dir);
        AtomicFiles.writeString(dir.resolve(MANIFEST), String.join("\n", lines) + "\n");
    }

    /**
     * Records that run {@code runId} wrote the files now in {@code dir} under the names a run writes
     * that were not there when it began ({@link #begin}); the files the user had there stay unlisted.
     *
     * @throws IOException naming the manifest when it cannot be written
     */
    public static void finish(Path dir, String runId) throws IOException {
        Path manifest = dir.resolve(MANIFEST);
        Set<Path> kept = Files.isRegularFile(manifest) ? kept(lines(manifest)) : Set.of();
        List<String> out = new ArrayList<>();
        out.add(runId);
        for (Path p : underOutputNames(dir)) {
            if (!kept.contains(p)) {
                out.add(p.toString());
            }
        }
        AtomicFiles.writeString(manifest, String.join("\n", out) + "\n");
    }

    /** The regular files in {@code dir} under the names a run writes, relative to it, sorted. */
    static List<Path> underOutputNames(Path dir) {
        Set<Path> found = new TreeSet<>();
        try {
            for (String name : OUTPUT_NAMES) {
                Path p = dir.resolve(name);
                if (Files.isDirectory(p)) {
                    try (Stream<Path> files = Files.walk(p)) {
                        files.filter(Files::isRegularFile).forEach(f -> found.add(dir.relativize(f)));
                    }
                } else if (Files.isRegularFile(p)) {
                    found.add(Path.of(name));
                }
            }
        } catch (IOException e) {
            throw new ConfigException("--out=" + dir + ": cannot be read (" + e.getMessage() + ")");
        }
        return List.copyOf(found);
    }

    private static Set<Path> kept(List<String> lines) {
        Set<Path> kept = new TreeSet<>();
        for (String line : lines) {
            if (line.startsWith(KEPT)) {
                kept.add(Path.of(line.substring(KEPT.length()).strip()).normalize());
            }
        }
        return kept;
    }

    private static List<String> lines(Path manifest) {
        try {
            return Files.readAllLines(manifest, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new ConfigException("--out=" + manifest.getParent() + ": " + MANIFEST + " cannot be read ("
                    + e.getMessage() + ")");
        }
    }

    private static String firstLine(Path manifest) {
        List<String> lines = lines(manifest);
        return lines.isEmpty() ? "" : lines.get(0).strip();
    }

    private static String list(List<Path> files) {
        List<String> names = files.stream().map(Path::toString).limit(4).toList();
        return String.join(", ", names) + (files.size() > names.size() ? ", … " + files.size() + " files" : "");
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
