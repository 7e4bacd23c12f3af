package org.openmark.pbs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.openmark.config.ConfigException;

class PbsSpecTest {
    private static String error(Runnable r) {
        return assertThrows(ConfigException.class, r::run).getMessage();
    }

    @Test
    void new_outOfRangeValues_nameTheFlagAndTheRule() {
        PbsSpec ok = PbsSpec.defaults(1);
        assertEquals("--n=0: must be between 1 and 16", error(() -> ok.with(0, 10, 1, 10)));
        assertEquals("--n=17: must be between 1 and 16", error(() -> ok.with(17, 10, 1, 10)));
        assertEquals("--t=-1: must be a finite number of ms >= 0", error(() -> ok.with(3, -1, 1, 10)));
        assertEquals("--t=NaN: must be a finite number of ms >= 0", error(() -> ok.with(3, Double.NaN, 1, 10)));
        assertEquals("--k=0: must be between 1 and 100", error(() -> ok.with(3, 10, 0, 10)));
        assertEquals("--trials=0: must be between 1 and 1000000000", error(() -> ok.with(3, 10, 1, 0)));
        assertEquals("--threads=0: must be between 1 and 256", error(() -> ok.withSeed(1, 0)));
    }

    @Test
    void defaultThreads_smallRunsOneThreadLargeRunsAllCores() {
        assertEquals(1, PbsSpec.defaultThreads(10_000, 3, 8));
        assertEquals(8, PbsSpec.defaultThreads(10_000_000, 3, 8));
        assertEquals(1, PbsSpec.defaultThreads(10_000_000, 3, 1));
    }

    @Test
    void readFanoutParse_unknown_listsAllowed() {
        assertEquals(ReadFanout.QUORUM, ReadFanout.parse("--read-fanout", "Quorum"));
        assertEquals("--read-fanout=some: allowed: all, quorum", error(() -> ReadFanout.parse("--read-fanout", "some")));
    }

    @Test
    void preset_unknown_listsAllowed() {
        assertEquals(WarsDistributions.lnkdSsd(), WarsDistributions.preset("--preset", "LNKD-SSD"));
        assertEquals("--preset=ymmr: unknown preset; allowed: lnkd-disk, lnkd-ssd",
                error(() -> WarsDistributions.preset("--preset", "ymmr")));
    }
}
