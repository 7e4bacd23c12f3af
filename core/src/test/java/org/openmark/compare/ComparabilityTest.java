package org.openmark.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Which differences between two runs are which kind of warning, and which of them stop the gate. */
class ComparabilityTest {
    private static RunData with(String name, Map<String, String> facts, boolean valid) {
        RunData r = SyntheticRuns.run(name, 10, 200, List.of("READ"), 0, 0, 1000, new SplittableRandom(1));
        Map<String, String> all = new TreeMap<>(Map.of("store", "sim", "rate", "1000", "time", "virtual", "warmup",
                "0ms", "timeseries.granularity", "1000 ms", "openmarkVersion", "0.1.0"));
        all.putAll(facts);
        return new RunData(name, all, valid, r.runtimeSeconds(), r.response(), r.service(), r.intervals(), r.load());
    }

    @ParameterizedTest(name = "{0}: {1} vs {2} is {3}")
    @CsvSource({"store, sim, memory, DIFFERENT_WORK", "rate, 1000, 2000, DIFFERENT_WORK",
        "time, virtual, real, DIFFERENT_WORK", "warmup, 0ms, 2s, DIFFERENT_WORK",
        "timeseries.granularity, 1000 ms, 250 ms, NOTE", "openmarkVersion, 0.1.0, 0.2.0, NOTE",
        "store version, 7.0.1, 7.2.4, NOTE"})
    void of_oneFactDiffers_oneWarningOfItsKind(String fact, String a, String b, Comparability.Kind kind) {
        List<Comparability.Warning> w = Comparability.of(Side.of(with("a", Map.of(fact, a), true)),
                Side.of(with("b", Map.of(fact, b), true)));
        assertEquals(1, w.size(), w.toString());
        assertEquals(kind, w.get(0).kind());
        assertTrue(w.get(0).text().startsWith(fact + " differs: " + a + " in a, " + b + " in b — "), w.get(0).text());
    }

    @ParameterizedTest(name = "valid {0}, {1}")
    @CsvSource({"false, true", "true, false"})
    void of_invalidRun_named(boolean baselineValid, boolean candidateValid) {
        List<Comparability.Warning> w = Comparability.of(Side.of(with("a", Map.of(), baselineValid)),
                Side.of(with("b", Map.of(), candidateValid)));
        assertEquals(1, w.size());
        assertEquals(Comparability.Kind.INVALID_RUN, w.get(0).kind());
        assertEquals((baselineValid ? "the candidate b" : "the baseline a") + " is not a valid run (see its"
                + " result.json's warnings): its figures are not evidence", w.get(0).text());
    }

    @Test
    void of_aSidesRunDidOtherWork_warnedAsDifferentWork() {
        Side several = new Side("b", List.of(with("b/1", Map.of(), true), with("b/2", Map.of("rate", "2000"), true)));
        List<Comparability.Warning> w = Comparability.of(Side.of(with("a", Map.of(), true)), several);
        assertEquals(List.of(new Comparability.Warning(Comparability.Kind.DIFFERENT_WORK, "rate differs: 1000"
                + " in b/1, 2000 in b/2 — the runs did different work, so a difference may not be the store's")), w);
    }
}
