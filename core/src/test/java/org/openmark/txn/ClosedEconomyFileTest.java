package org.openmark.txn;

import org.openmark.testing.FakeClock;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.openmark.config.Settings;

/** The bundled workloads/closed_economy file: every property in it is understood. */
class ClosedEconomyFileTest {

    @Test
    void bundledFile_parses_everyPropertyReadAndTheYcsbTMix() throws Exception {
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(Path.of("..", "workloads", "closed_economy"))) {
            p.load(r);
        }
        Map<String, String> m = new HashMap<>();
        p.stringPropertyNames().forEach(n -> m.put(n, p.getProperty(n)));
        Settings s = Settings.of(m);

        ClosedEconomyWorkload w = ClosedEconomyWorkload.create(s, new FakeClock());
        TxnConfig txn = TxnConfig.forWorkload(s, w);

        assertEquals(ClosedEconomyWorkload.NAME, m.get("workload"));
        // "workload" is read by whoever picks the workload, operationcount by the run (which gives the workload its count).
        assertEquals(Set.of("workload", "operationcount"), s.unread());
        assertEquals(new EconomyConfig.Mix(0.9, 0, 0, 0, 0, 0.1), w.config().mix());
        assertEquals(1_000_000, w.totalCash());
        assertTrue(w.config().zipfian());
        assertTrue(txn.enabled());
    }
}
