package org.openmark.compare;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.openmark.config.ConfigException;

/**
 * One side of a comparison: one run, or several runs of the same configuration (other seeds, as
 * JMH runs forks). With several, the runs' spread tells how the figures vary from run to run
 * ({@link BetweenRuns}); with one, the run's own stretches must ({@link BatchJackknife}).
 *
 * @param name how the comparison names the side
 * @param runs its runs, at least one
 */
public record Side(String name, List<RunData> runs) {
    public Side {
        runs = List.copyOf(runs);
        if (runs.isEmpty()) {
            throw new IllegalArgumentException("a side needs a run");
        }
    }

    /** A side of one run, named as the run. */
    public static Side of(RunData run) {
        return new Side(run.name(), List.of(run));
    }

    /**
     * The run in {@code dir} (it holds a {@code result.json}), or the runs in its subdirectories
     * that hold one, in name order; bad input naming the directory when there are none.
     */
    public static Side read(Path dir, String name) throws IOException {
        if (Files.isRegularFile(dir.resolve("result.json")) || !Files.isDirectory(dir)) {
            return new Side(name, List.of(RunData.read(dir).named(name)));
        }
        List<Path> subdirs = new ArrayList<>();
        try (Stream<Path> list = Files.list(dir)) {
            list.filter(p -> Files.isRegularFile(p.resolve("result.json"))).sorted().forEach(subdirs::add);
        }
        if (subdirs.isEmpty()) {
            throw new ConfigException(dir + ": no result.json, and no subdirectory with one (bin/openmark run --out "
                    + dir + " writes a run; a directory of such run directories is a side of several runs)");
        }
        List<RunData> runs = new ArrayList<>();
        for (Path p : subdirs) {
            runs.add(RunData.read(p).named(name + "/" + p.getFileName()));
        }
        return new Side(name, runs);
    }

    /** The first run: what the side did (its runs must all have done it). */
    public RunData first() {
        return runs.get(0);
    }

    /** True when every run is valid. */
    public boolean valid() {
        return runs.stream().allMatch(RunData::valid);
    }

    /** True for a side of several runs. */
    public boolean several() {
        return runs.size() > 1;
    }

    /** The fewest measured intervals of any of its runs. */
    public int intervalCount() {
        return runs.stream().mapToInt(RunData::intervalCount).min().orElse(0);
    }

    /** Operations of {@code op} that ended OK in the measured intervals of every run. */
    public long okCount(String op) {
        return runs.stream().mapToLong(r -> r.okCount(op)).sum();
    }

    /** True when {@code op} ended OK in every run of the side. */
    public boolean hasOk(String op) {
        return runs.stream().allMatch(r -> r.okCount(op) > 0);
    }
}
