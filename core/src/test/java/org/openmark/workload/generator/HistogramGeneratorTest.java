package org.openmark.workload.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HistogramGeneratorTest {

    @TempDir
    Path dir;

    private Path write(String content) throws IOException {
        Path file = dir.resolve("hist.txt");
        Files.writeString(file, content);
        return file;
    }

    @Test
    void read_ycsbFormat_drawsBlockMultiplesInProportion() throws IOException {
        HistogramGenerator g = HistogramGenerator.read(write("BlockSize\t8\n0\t10\n1\t0\n2\t30\n3\t60\n"));
        SplittableRandom random = new SplittableRandom(61);
        long[] counts = new long[4];
        for (int i = 0; i < 100_000; i++) {
            long v = g.nextLong(random);
            assertEquals(0, v % 8, "value " + v);
            counts[(int) (v / 8) - 1]++;
        }
        assertEquals(0, counts[1], "empty bucket drawn");
        ChiSquare.assertFits(new double[] {10, 30, 60}, new long[] {counts[0], counts[2], counts[3]}, "histogram");
        assertEquals(32, g.maxValue());
        assertEquals(8 * (0.1 * 1 + 0.3 * 3 + 0.6 * 4), g.mean(), 1e-9);
    }

    @Test
    void read_missingBlockSize_namesTheLine() throws IOException {
        Path file = write("0\t10\n");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> HistogramGenerator.read(file));
        assertTrue(e.getMessage().contains("line 1"), e.getMessage());
    }

    @Test
    void read_nonNumericCount_namesTheLine() throws IOException {
        Path file = write("BlockSize\t4\n0\t10\n1\tlots\n");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> HistogramGenerator.read(file));
        assertTrue(e.getMessage().contains("line 3") && e.getMessage().contains("lots"), e.getMessage());
    }

    @Test
    void read_allZeroCounts_throws() throws IOException {
        Path file = write("BlockSize\t4\n0\t0\n");
        assertThrows(IllegalArgumentException.class, () -> HistogramGenerator.read(file));
    }
}
