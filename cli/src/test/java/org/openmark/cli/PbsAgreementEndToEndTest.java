package org.openmark.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * PBS beside the measurement on a store whose routing and delays are known exactly: the simulated
 * store configured as a token-aware client's Cassandra (issue 39). Three nodes; a write is applied
 * by its coordinator (the primary) on arrival and acknowledged 1 ms later (w=1), each other node
 * applies it after an exponential delay of mean 3 ms; a read goes to any node (random) and reads
 * its state on arrival. A read t ms after the acknowledgement sees the write when it reaches the
 * write's node (1/3) or another node whose delay d <= 1 + t: P(t) = 1/3 + 2/3 (1 - e^(-(1 + t)/3)).
 * Virtual time: nothing is late. The store traces its own delays; the token-aware model, fed with
 * them, must agree with the measurement: the measurement within the prediction's 95 % interval, and
 * their difference within the two intervals' combined half-widths (two independent estimates); the
 * closed form within both intervals. {@code pbs --from staleness.json} makes the same prediction again.
 */
class PbsAgreementEndToEndTest {
    @TempDir
    Path dir;

    @Test
    void simulatedTokenAwareCassandra_predictionAgreesWithMeasurementWithinIntervals_andReplays() throws Exception {
        CliRunner run = CliRunner.run("staleness", "--out", dir.toString(), "--store", "sim", "-p", "sim.secondaries=2",
                "-p", "sim.readpreference=random", "-p", "sim.replicationdelay=exp(3ms)", "-p", "sim.latency=1ms",
                "--rate", "500", "--writes", "6000", "--keys", "3000", "--probes", "0,1,2,5,10", "--trace-fraction",
                "0.1", "--time", "virtual", "--seed", "5");
        assertEquals(0, run.exitCode, run::toString);
        JsonNode pbs = new ObjectMapper().readTree(dir.resolve("staleness.json").toFile()).get("pbs");
        assertEquals("joint", pbs.get("model").asText(), () -> pbs.get("model").toString());
        assertEquals(600, pbs.get("tracedPairs").asInt());
        for (String t : new String[] {"0", "1", "2", "5", "10"}) {
            JsonNode row = pbs.at("/pConsistentAt/" + t);
            double measured = row.get("measured").asDouble();
            double predicted = row.get("predicted").asDouble();
            double truth = 1.0 / 3 + 2.0 / 3 * (1 - Math.exp(-(1 + Double.parseDouble(t)) / 3));
            String where = "t=" + t + " ms: " + row;
            assertTrue(row.get("predictedLow").asDouble() <= measured && measured <= row.get("predictedHigh").asDouble(),
                    "the measurement within the prediction's interval, " + where);
            double halfMeasured = (row.get("measuredHigh").asDouble() - row.get("measuredLow").asDouble()) / 2;
            double halfPredicted = (row.get("predictedHigh").asDouble() - row.get("predictedLow").asDouble()) / 2;
            assertTrue(Math.abs(measured - predicted) <= Math.hypot(halfMeasured, halfPredicted),
                    "their difference within the combined interval, " + where);
            assertTrue(row.get("measuredLow").asDouble() <= truth && truth <= row.get("measuredHigh").asDouble(),
                    "the closed form within the measurement's interval, " + where);
            assertTrue(row.get("predictedLow").asDouble() <= truth && truth <= row.get("predictedHigh").asDouble(),
                    "the closed form within the prediction's interval, " + where);
            assertTrue(row.get("predictedHigh").asDouble() - row.get("predictedLow").asDouble() < 0.06, where);
        }

        CliRunner replay = CliRunner.run("pbs", "--from", dir.resolve("staleness.json").toString());
        assertEquals(0, replay.exitCode, replay::toString);
        assertTrue(replay.out.contains("[PBS], Replay, the same prediction as recorded"), replay.out);
        assertTrue(replay.out.contains("[PBS], Model, token-aware, whole traced pairs"), replay.out);
    }

    @Test
    void pbsFrom_withAnotherOption_refusedNamingIt() {
        CliRunner r = CliRunner.run("pbs", "--from", "x.json", "--n", "5");
        assertEquals(2, r.exitCode, r::toString);
        assertTrue(r.err.contains("--n=5: not with --from"), r.err);
    }

    @Test
    void pbsFrom_missingFile_refused() {
        CliRunner r = CliRunner.run("pbs", "--from", dir.resolve("none.json").toString());
        assertEquals(2, r.exitCode, r::toString);
        assertTrue(r.err.contains("none.json: no such file"), r.err);
    }
}
