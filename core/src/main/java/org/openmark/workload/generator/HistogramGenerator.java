package org.openmark.workload.generator;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Values from a histogram of block counts (YCSB's {@code fieldlengthdistribution=histogram}).
 * Bucket i with count c_i yields (i + 1) * blockSize with probability c_i / total, so every value
 * is a positive multiple of the block size. Immutable and thread-safe.
 *
 * <p>File format, as YCSB's: a first line {@code BlockSize<TAB>n}, then one line per bucket,
 * {@code index<TAB>count} (any whitespace separates; blank lines and lines starting with
 * {@code #} are skipped). Buckets not listed count 0.
 */
public final class HistogramGenerator implements LongGenerator {
    private final long blockSize;
    private final long[] cumulative;

    /** A histogram with the given bucket counts (non-negative, at least one positive). */
    public HistogramGenerator(long blockSize, long[] counts) {
        if (blockSize <= 0) {
            throw new IllegalArgumentException("block size must be > 0, is " + blockSize);
        }
        this.blockSize = blockSize;
        this.cumulative = new long[counts.length];
        long total = 0;
        for (int i = 0; i < counts.length; i++) {
            if (counts[i] < 0) {
                throw new IllegalArgumentException("bucket " + i + " has a negative count " + counts[i]);
            }
            total = Math.addExact(total, counts[i]);
            cumulative[i] = total;
        }
        if (total == 0) {
            throw new IllegalArgumentException("histogram has no positive bucket count");
        }
    }

    /**
     * Reads a histogram file.
     *
     * @throws IOException when the file cannot be read
     * @throws IllegalArgumentException naming the line when the content is malformed
     */
    public static HistogramGenerator read(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        long blockSize = -1;
        List<long[]> buckets = new ArrayList<>();
        int maxIndex = -1;
        for (int n = 0; n < lines.size(); n++) {
            String line = lines.get(n).strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            String[] parts = line.split("\\s+");
            if (blockSize < 0) {
                if (parts.length != 2 || !parts[0].equals("BlockSize")) {
                    throw new IllegalArgumentException("line " + (n + 1) + ": expected 'BlockSize<TAB>n', found '" + line + "'");
                }
                blockSize = parseLong(parts[1], n);
                continue;
            }
            if (parts.length != 2) {
                throw new IllegalArgumentException("line " + (n + 1) + ": expected 'bucket<TAB>count', found '" + line + "'");
            }
            long index = parseLong(parts[0], n);
            if (index < 0 || index > 10_000_000) {
                throw new IllegalArgumentException("line " + (n + 1) + ": bucket index " + index + " is not in [0, 10000000]");
            }
            buckets.add(new long[] {index, parseLong(parts[1], n)});
            maxIndex = Math.max(maxIndex, (int) index);
        }
        if (blockSize < 0) {
            throw new IllegalArgumentException("file is empty: expected a first line 'BlockSize<TAB>n'");
        }
        long[] counts = new long[maxIndex + 1];
        for (long[] b : buckets) {
            counts[(int) b[0]] += b[1];
        }
        return new HistogramGenerator(blockSize, counts);
    }

    private static long parseLong(String s, int lineIndex) {
        try {
            return Long.parseLong(s);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("line " + (lineIndex + 1) + ": '" + s + "' is not a whole number");
        }
    }

    @Override
    public long nextLong(SplittableRandom random) {
        long r = random.nextLong(cumulative[cumulative.length - 1]);
        // the first bucket whose cumulative count exceeds r
        int i = Arrays.binarySearch(cumulative, r + 1);
        if (i < 0) {
            i = -i - 1;
        } else {
            // equal cumulative counts (empty buckets) repeat a value: take the first of them
            while (i > 0 && cumulative[i - 1] == r + 1) {
                i--;
            }
        }
        return (i + 1) * blockSize;
    }

    /** The largest value this histogram yields. */
    public long maxValue() {
        int last = cumulative.length - 1;
        while (last > 0 && cumulative[last] == cumulative[last - 1]) {
            last--;
        }
        return (last + 1) * blockSize;
    }

    /** The mean value. */
    public double mean() {
        double sum = 0;
        long previous = 0;
        for (int i = 0; i < cumulative.length; i++) {
            sum += (double) (cumulative[i] - previous) * (i + 1) * blockSize;
            previous = cumulative[i];
        }
        return sum / cumulative[cumulative.length - 1];
    }
}
