package org.openmark.cluster.worker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.openmark.testing.Derivations.assertAsParsed;
import static org.openmark.testing.Derivations.edited;

import java.util.Map;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.openmark.config.ConfigException;
import org.openmark.config.Settings;
import org.openmark.run.Phase;
import org.openmark.run.RunConfig;
import org.openmark.run.RunConfigParser;
import org.openmark.testing.FakeClock;
import org.openmark.workload.Operation;
import org.openmark.workload.Workload;
import org.openmark.workload.WorkloadClient;

/**
 * A worker's part of a load, derived in typed form from the configuration its plan resolves to, is the
 * configuration the plan's properties edited as before (insertstart, insertcount, threadcount) resolve
 * to, and its workload loads that part: the parts of all workers are the records, each once.
 */
class LoadShareTest {
    private static final Map<String, String> PLAN = Map.of("seed", "9", "recordcount", "1000", "threadcount", "8",
            "model", "closed", "operationcount", "100", "insertstart", "100", "insertcount", "600");

    private static RunConfig onWorker(Phase phase, Map<String, String> plan, String share) {
        return RunConfigParser.parse(phase, Settings.of(edited(plan, "share", share)), null, true);
    }

    @Test
    void partition_eachWorker_itsPartOfTheKeysAndThreads_asItsEditedPlanParsed() {
        // 600 records from 100 over 3 workers: 200 each; 8 threads: 3, 3, 2
        long[][] expected = {{100, 200, 3}, {300, 200, 3}, {500, 200, 2}};
        for (int i = 0; i < 3; i++) {
            String share = (i + 1) + "/3";
            RunConfig cfg = onWorker(Phase.RUN, PLAN, share);

            RunConfig part = LoadShare.partition(cfg);

            assertAsParsed(part, edited(PLAN, "share", share, "insertstart", String.valueOf(expected[i][0]),
                    "insertcount", String.valueOf(expected[i][1]), "threadcount", String.valueOf(expected[i][2])));
            assertEquals(expected[i][1], loadedRecords(part), "the worker's workload loads its part");
        }
    }

    @Test
    void threads_eachWorker_allTheRecordsWithItsPartOfTheThreads_asItsEditedPlanParsed() {
        RunConfig cfg = onWorker(Phase.LOAD, PLAN, "3/3");

        RunConfig own = LoadShare.threads(cfg);

        assertAsParsed(own, edited(PLAN, "share", "3/3", "threadcount", "2"));
        assertEquals(600, loadedRecords(own));
    }

    @Test
    void partition_anotherWorkload_refusedNamingIt() {
        RunConfig economy = onWorker(Phase.RUN, Map.of("seed", "9", "workload", "closed_economy", "duration", "10s"),
                "1/2");

        ConfigException e = assertThrows(ConfigException.class, () -> LoadShare.partition(economy));

        assertEquals("workload=closed_economy: cannot be split over workers that share one store: load it with one"
                + " process (bin/openmark load without --cluster), then run with --cluster", e.getMessage());
    }

    /** How many records the configuration's workload inserts when loaded by one client. */
    private static long loadedRecords(RunConfig cfg) {
        Workload w = cfg.workload().create(new FakeClock(), OptionalLong.empty());
        WorkloadClient client = w.newClient(0, 1, cfg.seed());
        long n = 0;
        for (Operation op = client.nextLoadOperation(); op != null; op = client.nextLoadOperation()) {
            n++;
        }
        return n;
    }
}
