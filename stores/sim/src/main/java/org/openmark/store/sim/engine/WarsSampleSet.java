package org.openmark.store.sim.engine;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.openmark.store.sim.model.Durations;

/**
 * The W, A, R and S samples (nanoseconds) kept by a simulated store; see the engine's
 * {@code WarsSamples} for what each means in this model.
 */
public record WarsSampleSet(long[] wNanos, long[] aNanos, long[] rNanos, long[] sNanos) {

    /** Writes w.txt, a.txt, r.txt, s.txt into {@code dir} (created if needed): one millisecond value per line. */
    public void export(Path dir) {
        try {
            Files.createDirectories(dir);
            write(dir, "w.txt", wNanos);
            write(dir, "a.txt", aNanos);
            write(dir, "r.txt", rNanos);
            write(dir, "s.txt", sNanos);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write W/A/R/S samples to " + dir + ": " + e.getMessage(), e);
        }
    }

    private static void write(Path dir, String name, long[] valuesNanos) throws IOException {
        Path target = dir.resolve(name);
        Path tmp = dir.resolve(name + ".tmp");
        try {
            try (Writer out = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
                for (long v : valuesNanos) {
                    out.write(Durations.toMillisText(v));
                    out.write('\n');
                }
            }
            Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            // complete or absent: no temporary file is left behind
            Files.deleteIfExists(tmp);
            throw new IOException(target + ": " + e.getMessage(), e);
        }
    }
}
