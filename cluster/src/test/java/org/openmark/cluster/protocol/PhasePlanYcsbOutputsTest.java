package org.openmark.cluster.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.openmark.config.Settings;
import org.openmark.run.Phase;
import org.openmark.run.RunConfig;
import org.openmark.run.RunConfigParser;
import org.openmark.run.YcsbMeasurement;

/**
 * YCSB's .hdr files and time series of a cluster run are the coordinator's (of the merged intervals):
 * a worker's configuration asks for neither, and does not look for the files' directory, which its
 * machine may not have.
 */
class PhasePlanYcsbOutputsTest {

    @Test
    void toRunConfig_coordinatorWritesHdrFilesAndTimeSeries_theWorkerNeither() throws Exception {
        Path dir = Files.createTempDirectory("openmark-hdr");
        RunConfig coordinator = RunConfigParser.parse(Phase.RUN, Settings.of(Map.of("model", "closed", "threadcount",
                "2", "operationcount", "10", "seed", "3", "hdrhistogram.fileoutput", "true", "hdrhistogram.output.path",
                dir + "/")), null, true);
        assertEquals(dir + "/", coordinator.output().ycsb().hdrFilePrefix());
        Files.delete(dir);

        RunConfig worker = PhasePlan.of(coordinator).toRunConfig();

        assertEquals(YcsbMeasurement.DEFAULT, worker.output().ycsb());
    }
}
