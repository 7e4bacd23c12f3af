package org.openmark.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.DoubleUnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Measure once, predict every configuration (issue 49), where the truth is known: the simulated
 * store as a token-aware client's Cassandra (three nodes; the write's coordinator, the primary,
 * applies it on arrival; each other node after an exponential delay of mean 3 ms; every request
 * answered 1 ms after it arrived; reads to random nodes). One run at R=1/W=1, traced, predicts
 * R=2/W=1, R=1/W=2 and R=2/W=2; separate runs measured at those configurations agree with the
 * predictions within their intervals (the difference within the two intervals' combined
 * half-widths), and the closed forms lie within both. Virtual time and fixed seeds: the same
 * figures every run.
 *
 * <p>Closed forms, t ms after the acknowledgement (a read arrives 1 + t ms after a write that
 * waited for W=1 arrived): R=2/W=1 reads two nodes of three, the primary among them 2/3 of the
 * time, else both others, each late with e^(-(1+t)/3): P = 2/3 + 1/3 (1 - e^(-2(1+t)/3)). R=1/W=2:
 * the write is acknowledged when the faster other node m has it, the read reaches the primary, that
 * node, or the last one, whose delay beyond m is again exponential (mean 3): P = 2/3 + 1/3 (1 -
 * e^(-(1+t)/3)); its latency is 1 ms + m, m exponential of mean 1.5 ms: median 1 + 1.5 ln 2.
 * R=2/W=2 overlaps (R + W > N): P = 1.
 */
class PbsAllConfigurationsEndToEndTest {
    private static final String[] OFFSETS = {"0", "1", "2", "5", "10"};
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private JsonNode staleness(String name, int r, int w, double traceFraction, int writes) throws Exception {
        Path out = Files.createDirectories(dir.resolve(name));
        CliRunner run = CliRunner.run("staleness", "--out", out.toString(), "--store", "sim", "-p", "sim.secondaries=2",
                "-p", "sim.readpreference=random", "-p", "sim.replicationdelay=exp(3ms)", "-p", "sim.latency=1ms",
                "-p", "sim.readconcern=" + r, "-p", "sim.writeconcern=" + w, "--rate", "500", "--writes",
                Integer.toString(writes), "--keys", Integer.toString(writes / 2), "--probes", String.join(",", OFFSETS),
                "--trace-fraction", Double.toString(traceFraction), "--time", "virtual", "--seed", "5");
        assertEquals(0, run.exitCode, run::toString);
        return JSON.readTree(out.resolve("staleness.json").toFile());
    }

    private static JsonNode row(JsonNode all, int r, int w) {
        for (JsonNode row : all.get("configurations")) {
            if (row.get("r").asInt() == r && row.get("w").asInt() == w) {
                return row;
            }
        }
        throw new AssertionError("no row R=" + r + " W=" + w + " in " + all);
    }

    /** Measured (another run) against predicted, and the closed form within both, at every offset. */
    private static void agree(JsonNode predictedRow, JsonNode measuredRun, DoubleUnaryOperator truth, List<String> fails) {
        for (String t : OFFSETS) {
            JsonNode p = predictedRow.at("/pConsistentAt/" + t);
            double measured = measuredRun.at("/staleness/pConsistentAt/" + t).asDouble();
            JsonNode mi = measuredRun.at("/staleness/pConsistentAt95/" + t);
            double halfMeasured = (mi.get("high").asDouble() - mi.get("low").asDouble()) / 2;
            double halfPredicted = (p.get("high").asDouble() - p.get("low").asDouble()) / 2;
            double exact = truth.applyAsDouble(Double.parseDouble(t));
            String where = "R=" + predictedRow.get("r") + " W=" + predictedRow.get("w") + " t=" + t + " ms: predicted "
                    + p + ", measured " + measured + " " + mi + ", closed form " + exact;
            if (Math.abs(measured - p.get("p").asDouble()) > Math.hypot(halfMeasured, halfPredicted) + 1e-12) {
                fails.add("measured and predicted apart by more than their intervals, " + where);
            }
            if (exact < p.get("low").asDouble() - 1e-12 || exact > p.get("high").asDouble() + 1e-12) {
                fails.add("closed form outside the prediction's interval, " + where);
            }
            if (exact < mi.get("low").asDouble() - 1e-12 || exact > mi.get("high").asDouble() + 1e-12) {
                fails.add("closed form outside the measurement's interval, " + where);
            }
        }
    }

    @Test
    void oneRunAtOneOne_predictsTheOtherConfigurations_asTheirOwnRunsMeasure() throws Exception {
        JsonNode base = staleness("r1w1", 1, 1, 0.5, 6000);
        JsonNode all = base.at("/pbs/all");
        assertEquals(3, all.get("n").asInt());
        assertEquals(9, all.get("configurations").size(), "every R and W of N=3");
        assertEquals(1, all.at("/measured/r").asInt());
        assertEquals(1, all.at("/measured/w").asInt());

        List<String> fails = new ArrayList<>();
        agree(row(all, 2, 1), staleness("r2w1", 2, 1, 0, 6000),
                t -> 2.0 / 3 + 1.0 / 3 * (1 - Math.exp(-2 * (1 + t) / 3)), fails);
        JsonNode w2 = staleness("r1w2", 1, 2, 0, 6000);
        agree(row(all, 1, 2), w2, t -> 2.0 / 3 + 1.0 / 3 * (1 - Math.exp(-(1 + t) / 3)), fails);
        agree(row(all, 2, 2), staleness("r2w2", 2, 2, 0, 1000), t -> 1.0, fails);
        assertEquals(List.of(), fails);

        // the write's latency at W=2: measured median within the predicted interval, the closed form too
        JsonNode predictedP50 = row(all, 1, 2).at("/writeLatencyMs/p50");
        double measuredP50 = w2.at("/staleness/writeLatencyMs/p50").asDouble();
        double exactP50 = 1 + 1.5 * Math.log(2);
        String latency = "predicted " + predictedP50 + ", measured " + measuredP50 + ", closed form " + exactP50;
        assertTrue(predictedP50.get("low").asDouble() <= measuredP50 && measuredP50 <= predictedP50.get("high").asDouble(),
                latency);
        assertTrue(predictedP50.get("low").asDouble() <= exactP50 && exactP50 <= predictedP50.get("high").asDouble(),
                latency);
        // at W=1 every write is acknowledged by the primary 1 ms after it arrived
        assertEquals(1.0, row(all, 2, 1).at("/writeLatencyMs/p99/ms").asDouble(), latency);

        // the page beside the file: the trade-off, one point per R and W, the measured one marked
        String page = Files.readString(dir.resolve("r1w1/staleness.html"));
        assertEquals(9, page.split("<circle ", -1).length - 1, "one point per R and W");
        assertTrue(page.contains("<title>R=1 W=1 (measured): P "), "the measured configuration marked");

        // one row made again alone from the file is the row recorded
        Path file = dir.resolve("r1w1/staleness.json");
        CliRunner again = CliRunner.run("pbs", "--from", file.toString(), "--r", "2", "--w", "1");
        assertEquals(0, again.exitCode, again::toString);
        assertTrue(again.out.contains("[PBS-ALL], Replay, the same as the rows recorded"), again.out);
        double p0 = row(all, 2, 1).at("/pConsistentAt/0/p").asDouble();
        assertTrue(again.out.contains(String.format(java.util.Locale.ROOT,
                "[PBS-ALL], R=2 W=1, PConsistentAt(0ms), %.5f", p0)), again.out);

        // R or W outside 1..N: one line naming the option and what is allowed
        CliRunner tooMany = CliRunner.run("pbs", "--from", file.toString(), "--r", "4", "--w", "1");
        assertEquals(2, tooMany.exitCode, tooMany::toString);
        assertTrue(tooMany.err.contains("--r=4: with --from a whole number from 1 to 3"), tooMany.err);
        CliRunner zero = CliRunner.run("pbs", "--from", file.toString(), "--r", "1", "--w", "0");
        assertEquals(2, zero.exitCode, zero::toString);
        assertTrue(zero.err.contains("--w=0: with --from a whole number from 1 to 3"), zero.err);
    }

    @Test
    void pbs_rWithoutW_allWithR_allWithoutFrom_refusedNamingTheOption() {
        CliRunner alone = CliRunner.run("pbs", "--from", "x.json", "--r", "2");
        assertEquals(2, alone.exitCode, alone::toString);
        assertTrue(alone.err.contains("--r=2: with --from give --r R and --w W together"), alone.err);
        CliRunner both = CliRunner.run("pbs", "--from", "x.json", "--all", "--w", "2");
        assertEquals(2, both.exitCode, both::toString);
        assertTrue(both.err.contains("--w=2: not with --all"), both.err);
        CliRunner noFrom = CliRunner.run("pbs", "--all");
        assertEquals(2, noFrom.exitCode, noFrom::toString);
        assertTrue(noFrom.err.contains("--all=true: only with --from"), noFrom.err);
    }
}
