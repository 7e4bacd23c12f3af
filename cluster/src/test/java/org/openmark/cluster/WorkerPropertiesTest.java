package org.openmark.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.openmark.config.Settings;
import org.openmark.load.RateSchedule;
import org.openmark.run.Phase;
import org.openmark.run.Model;
import org.openmark.run.RunConfig;
import org.openmark.run.RunConfigParser;

/**
 * A rating over a cluster derives each experiment from one configuration with {@code with…}
 * copies; the workers resolve theirs from the properties the coordinator sends, so those carry the
 * experiment's load level and length, not the configuration it was derived from.
 */
class WorkerPropertiesTest {

    @Test
    void workerProperties_closedExperiment_workersResolveItsThreadsAndLength() {
        RunConfig experiment = run("model", "closed", "threadcount", "1", "duration", "12s", "warmup", "2s",
                "autoload", "false").withThreads(8).withDuration(Duration.ofMillis(3500));

        RunConfig worker = onWorker(ClusterSession.workerProperties(experiment), "2/2");

        assertEquals(new Model.Closed(8, 0, Duration.ZERO), worker.model());
        assertEquals(4, worker.share().part(8));
        assertEquals(Duration.ofMillis(3500), worker.duration());
        assertEquals(Duration.ofSeconds(2), worker.warmup());
        assertFalse(worker.autoLoad());
        assertEquals(experiment.seed(), worker.seed());
    }

    @Test
    void workerProperties_openExperiment_workersResolveItsRate() {
        RunConfig experiment = run("model", "open", "rate", "1", "duration", "12s").withRatePerSec(5000);

        RunConfig worker = onWorker(ClusterSession.workerProperties(experiment), "1/2");

        assertEquals(new RateSchedule.Constant(5000), ((Model.Open) worker.model()).schedule());
    }

    @Test
    void workerProperties_aChosenSeed_theRecordedPropertiesWithWhatTheCoordinatorChoseAndResolved() {
        RunConfig run = RunConfigParser.parse(Phase.RUN, Settings.of(Map.of("model", "closed", "threadcount", "4",
                "duration", "10s", "timeseries.granularity", "1s")), null, true).withThreads(6);

        Map<String, String> sent = ClusterSession.workerProperties(run);

        // as the coordinator wrote them before its plan was derived in typed form
        Map<String, String> expected = new HashMap<>(run.recordedProperties());
        expected.put("seed", String.valueOf(run.seed()));
        expected.put("status.interval", "10");
        expected.put("timeseries.granularity", "1000");
        assertEquals(expected, sent);
        assertEquals(run.seed(), onWorker(sent, "1/2").seed());
    }

    @Test
    void workerProperties_ycsbOutputs_theCoordinatorsAlone() throws Exception {
        java.nio.file.Path dir = java.nio.file.Files.createTempDirectory("openmark-hdr");
        RunConfig run = run("model", "closed", "threadcount", "2", "operationcount", "10", "hdrhistogram.fileoutput",
                "true", "hdrhistogram.output.path", dir + "/");
        assertEquals(dir + "/", run.output().ycsb().hdrFilePrefix());

        Map<String, String> sent = ClusterSession.workerProperties(run);

        // the worker writes no .hdr file (its machine may have no such directory): the coordinator writes them
        assertFalse(sent.containsKey("hdrhistogram.fileoutput"), sent::toString);
        assertEquals(null, onWorker(sent, "1/2").output().ycsb().hdrFilePrefix());
        java.nio.file.Files.delete(dir);
        assertEquals(null, onWorker(sent, "2/2").output().ycsb().hdrFilePrefix(), "nor checks the directory");
    }

    private static RunConfig run(String... pairs) {
        Map<String, String> m = new HashMap<>(Map.of("seed", "3"));
        for (int i = 0; i < pairs.length; i += 2) {
            m.put(pairs[i], pairs[i + 1]);
        }
        return RunConfigParser.parse(Phase.RUN, Settings.of(m), null, true);
    }

    /** As a worker resolves its plan: the coordinator's properties with its share. */
    private static RunConfig onWorker(Map<String, String> properties, String share) {
        Map<String, String> m = new HashMap<>(properties);
        m.put("share", share);
        return RunConfigParser.parse(Phase.RUN, Settings.of(m), null, true);
    }
}
