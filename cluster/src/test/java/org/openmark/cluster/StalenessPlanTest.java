package org.openmark.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.openmark.api.Status;
import org.openmark.cluster.protocol.StalenessPart;
import org.openmark.cluster.protocol.StalenessWire;
import org.openmark.consistency.FailedRequests;
import org.openmark.consistency.StalenessConfig;
import org.openmark.consistency.StalenessResult;
import org.openmark.load.Share;

/** A staleness plan and result survive the trip to a worker and back unchanged. */
class StalenessPlanTest {
    @Test
    void share_eachWorkerItsPartOfTheMeasurement_typed_thePartsAddUpToThePlan() {
        StalenessConfig cfg = new StalenessConfig(250.5, 3001, 40, List.of(0.0, 1.5, 10.0), "t1");
        StalenessPlan plan = new StalenessPlan("sim", Map.of("sim.secondaries", "1"), cfg, 7L);
        long writes = 0;
        double rate = 0;
        int nextKey = 0;
        for (int i = 0; i < 3; i++) {
            StalenessPart part = plan.share(new Share(i, 3));

            assertEquals(new Share(i, 3), part.share());
            assertEquals(List.of("sim", Map.of("sim.secondaries", "1"), 7L),
                    List.of(part.store(), part.storeProperties(), part.seed()));
            assertEquals(cfg.probeOffsetsMs(), part.part().probeOffsetsMs());
            assertEquals(nextKey, part.part().keyOffset(), "keys of its own, after the previous worker's");
            nextKey += part.part().keys();
            writes += part.part().writes();
            rate += part.part().writeRatePerSec();
        }
        assertEquals(List.of(3001L, 40), List.of(writes, nextKey));
        assertEquals(250.5, rate, 1e-9);
    }

    private static Histogram late() {
        Histogram h = new Histogram(3);
        h.recordValue(120);
        h.recordValue(4500);
        return h;
    }

    @Test
    void wire_roundTrip_everyCountAndTheHistogram() {
        Histogram tv = new Histogram(3);
        tv.recordValue(5000);
        tv.recordValue(20000);
        StalenessResult r = new StalenessResult(10, 30, 7, new TreeMap<>(Map.of(0.0, 2L, 5.0, 9L, 50.0, 10L)),
                new TreeMap<>(Map.of(0.0, 10L, 5.0, 10L, 50.0, 10L)), tv, 1, new TreeMap<>(Map.of(1L, 6L, 2L, 1L)),
                new FailedRequests(Map.of(Status.NOT_FOUND, 2L), Map.of(Status.TIMEOUT, 1L), "read timed out"),
                late());

        StalenessResult back = StalenessWire.of(r).toResult();

        assertEquals(r.pConsistentAt(), back.pConsistentAt());
        assertEquals(r.kStaleness(), back.kStaleness());
        assertEquals(tv, back.tVisibilityUs());
        assertEquals(late(), back.probeLateUs());
        assertEquals(List.of(r.writes(), r.reads(), r.staleReads(), r.neverSeen(), r.errors()),
                List.of(back.writes(), back.reads(), back.staleReads(), back.neverSeen(), back.errors()));
        assertEquals(r.failures(), back.failures(), "every failed status, and what the store said");
    }
}
