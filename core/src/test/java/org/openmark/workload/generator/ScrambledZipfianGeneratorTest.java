package org.openmark.workload.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

class ScrambledZipfianGeneratorTest {

    private static Map<Long, Integer> counts(ScrambledZipfianGenerator g, int draws, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        Map<Long, Integer> counts = new HashMap<>();
        for (int i = 0; i < draws; i++) {
            counts.merge(g.nextLong(random), 1, Integer::sum);
        }
        return counts;
    }

    @Test
    void nextLong_always_staysInRange() {
        ScrambledZipfianGenerator g = new ScrambledZipfianGenerator(500, 1499, 0.99);
        counts(g, 100_000, 1).keySet().forEach(v -> assertTrue(v >= 500 && v <= 1499, "value " + v));
    }

    @Test
    void nextLong_mostPopularKey_isTheHashOfRankZeroWithZipfShare() {
        long min = 1_000;
        long items = 10_000;
        ScrambledZipfianGenerator g = new ScrambledZipfianGenerator(min, min + items - 1, 0.99);
        int draws = 200_000;
        Map<Long, Integer> counts = counts(g, draws, 2);
        long top = counts.entrySet().stream().max(Map.Entry.comparingByValue()).orElseThrow().getKey();
        assertEquals(min + Fnv64.hash(0) % items, top);
        // rank 0 has probability 1/zeta over the rank space; other ranks hashing to it add a little
        double share = counts.get(top) / (double) draws;
        double expected = 1 / ScrambledZipfianGenerator.YCSB_ZETA_0_99;
        assertEquals(expected, share, 0.01);
    }

    @Test
    void nextLong_fiveMostPopularKeys_areTheHashesOfTheFiveTopRanks() {
        long items = 10_000;
        ScrambledZipfianGenerator g = new ScrambledZipfianGenerator(0, items - 1, 0.99);
        Map<Long, Integer> counts = counts(g, 200_000, 3);
        Set<Long> top = counts.entrySet().stream()
                .sorted(Map.Entry.<Long, Integer>comparingByValue().reversed()).limit(5)
                .map(Map.Entry::getKey).collect(Collectors.toSet());
        Set<Long> expected = LongStream.range(0, 5).map(rank -> Fnv64.hash(rank) % items).boxed()
                .collect(Collectors.toSet());
        assertEquals(expected, top);
    }

    @Test
    void nextLong_otherZipfianConstant_isLessSkewed() {
        long items = 10_000;
        int draws = 100_000;
        ScrambledZipfianGenerator steep = new ScrambledZipfianGenerator(0, items - 1, 0.99);
        ScrambledZipfianGenerator flat = new ScrambledZipfianGenerator(0, items - 1, 0.5);
        int steepTop = counts(steep, draws, 4).values().stream().max(Integer::compare).orElseThrow();
        int flatTop = counts(flat, draws, 4).values().stream().max(Integer::compare).orElseThrow();
        assertTrue(flatTop * 5 < steepTop, "top key count: theta 0.5 " + flatTop + ", theta 0.99 " + steepTop);
    }
}
