package org.openmark.store.sim.model;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openmark.api.StoreConfigException;

class DistributionsTest {
    private static final int N = 20_000;

    @Test
    void parse_constantForms_giveConstant() {
        assertEquals(new Distribution.Constant(2_000_000), Distributions.parse("p", "const(2ms)", null));
        assertEquals(new Distribution.Constant(2_000_000), Distributions.parse("p", "constant( 2 ms )", null));
        assertEquals(new Distribution.Constant(3_000_000), Distributions.parse("p", "3ms", null));
    }

    @Test
    void uniform_samples_stayInBoundsWithMeanInMiddle() {
        Distribution d = Distributions.parse("p", "uniform(1ms, 3ms)", null);
        SplittableRandom r = new SplittableRandom(7);
        double sum = 0;
        for (int i = 0; i < N; i++) {
            long v = d.sampleNanos(r);
            assertTrue(v >= 1_000_000 && v <= 3_000_000, "out of bounds: " + v);
            sum += v;
        }
        assertEquals(2_000_000, sum / N, 20_000);
        assertEquals(2_000_000, d.expectedNanos(), 0);
    }

    @Test
    void exponential_samples_haveTheMean() {
        Distribution d = Distributions.parse("p", "exp(5ms)", null);
        SplittableRandom r = new SplittableRandom(8);
        double sum = 0;
        for (int i = 0; i < N; i++) {
            long v = d.sampleNanos(r);
            assertTrue(v >= 0);
            sum += v;
        }
        // standard error of the mean: 5ms / sqrt(N) ≈ 35 µs
        assertEquals(5_000_000, sum / N, 150_000);
    }

    @Test
    void truncatedNormal_samples_areNeverNegative() {
        Distribution d = Distributions.parse("p", "normal(0.1ms, 1ms)", null);
        assertInstanceOf(Distribution.TruncatedNormal.class, d);
        SplittableRandom r = new SplittableRandom(9);
        long min = Long.MAX_VALUE;
        for (int i = 0; i < N; i++) {
            min = Math.min(min, d.sampleNanos(r));
        }
        assertTrue(min >= 0);
    }

    @Test
    void truncatedNormal_farFromZero_hasTheMean() {
        Distribution d = Distributions.parse("p", "normal(10ms, 1ms)", null);
        SplittableRandom r = new SplittableRandom(10);
        double sum = 0;
        for (int i = 0; i < N; i++) {
            sum += d.sampleNanos(r);
        }
        assertEquals(10_000_000, sum / N, 50_000);
    }

    @Test
    void empirical_fileValues_areTheOnlySamples(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("lat.txt"), "# observed\n1\n\n2.5\n4ms\n");
        Distribution d = Distributions.parse("p", "empirical(lat.txt)", dir);
        Distribution.Empirical e = assertInstanceOf(Distribution.Empirical.class, d);
        assertArrayEquals(new long[] {1_000_000, 2_500_000, 4_000_000}, e.valuesNanos());
        SplittableRandom r = new SplittableRandom(11);
        boolean[] seen = new boolean[3];
        for (int i = 0; i < 300; i++) {
            long v = d.sampleNanos(r);
            seen[v == 1_000_000 ? 0 : v == 2_500_000 ? 1 : 2] = true;
            assertTrue(v == 1_000_000 || v == 2_500_000 || v == 4_000_000);
        }
        assertTrue(seen[0] && seen[1] && seen[2]);
    }

    @Test
    void empirical_missingOrEmptyFile_namesProperty(@TempDir Path dir) throws IOException {
        StoreConfigException missing = assertThrows(StoreConfigException.class,
                () -> Distributions.parse("nodes[0].latency", "empirical(nope.txt)", dir));
        assertEquals("nodes[0].latency", missing.property());
        Files.writeString(dir.resolve("empty.txt"), "# nothing\n");
        assertThrows(StoreConfigException.class, () -> Distributions.parse("p", "empirical(empty.txt)", dir));
    }

    @Test
    void parse_badSpecs_areRejectedWithTheRule() {
        for (String bad : new String[] {"gauss(1ms)", "uniform(3ms,1ms)", "uniform(1ms)", "exp(1ms,2ms)", "const()",
                "normal(-1ms,1ms)", "fast", ""}) {
            StoreConfigException e = assertThrows(StoreConfigException.class, () -> Distributions.parse("sim.latency", bad, null),
                    bad);
            assertEquals("sim.latency", e.property());
        }
    }

    @Test
    void sample_sameSeed_sameSequence() {
        Distribution d = Distributions.parse("p", "exp(1ms)", null);
        SplittableRandom a = new SplittableRandom(3);
        SplittableRandom b = new SplittableRandom(3);
        for (int i = 0; i < 100; i++) {
            assertEquals(d.sampleNanos(a), d.sampleNanos(b));
        }
    }
}
