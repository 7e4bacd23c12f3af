package org.openmark.cluster.worker;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.typesafe.config.ConfigFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.actor.typed.javadsl.Adapter;
import org.apache.pekko.serialization.Serialization;
import org.apache.pekko.serialization.SerializationExtension;
import org.apache.pekko.serialization.Serializer;
import org.apache.pekko.serialization.Serializers;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.openmark.cluster.ClusterSession;
import org.openmark.cluster.StalenessPlan;
import org.openmark.cluster.protocol.ClusterMessage;
import org.openmark.cluster.protocol.PhasePlan;
import org.openmark.cluster.protocol.Plan;
import org.openmark.cluster.protocol.PlanConfig;
import org.openmark.cluster.protocol.StalenessPart;
import org.openmark.cluster.protocol.ToRun;
import org.openmark.config.Settings;
import org.openmark.consistency.StalenessConfig;
import org.openmark.load.RateSchedule;
import org.openmark.load.Share;
import org.openmark.run.Model;
import org.openmark.run.Phase;
import org.openmark.run.RunConfig;
import org.openmark.run.RunConfigParser;
import org.openmark.run.Runner;

/**
 * A worker's share of a run, derived by the coordinator in typed form ({@code RunConfigBuilder.parent(run)
 * .share(i/n)}), sent through the wire as the cluster's nodes serialize it and taken by the worker as it
 * is, is the configuration the string path gave: the run's recorded properties with {@code share=i/n}
 * added, parsed again on the worker (how plans were made before). Every value is compared, over the
 * cases a share splits: threads, a target rate, an operation count, an open model's rate and schedule,
 * a rating's experiment, a chosen seed, transactions, and a load's key range and threads; and a
 * staleness measurement's part.
 */
class PlanShareDifferentialTest {
    private static final ActorTestKit KIT = ActorTestKit.create("PlanShareDifferentialTest",
            ConfigFactory.parseString("pekko.actor.provider = local").withFallback(
                    ConfigFactory.parseResources("openmark-cluster.conf")).withFallback(ConfigFactory.load()).resolve());

    @AfterAll
    static void shutdown() {
        KIT.shutdownTestKit();
    }

    @Test
    void closedRun_threadsTargetAndOperationCountSplit_asTheStringPathGave() {
        RunConfig run = run(Phase.RUN, "threadcount", "8", "target", "900", "operationcount", "1000",
                "thinktime", "2ms", "recordcount", "500");

        List<RunConfig> shares = assertSharesAsByText(run, 3);

        long[] threads = shares.stream().mapToLong(c -> c.share().part(8)).toArray();
        assertArrayEquals(new long[] {3, 3, 2}, threads);
        assertEquals(1000, shares.stream().mapToLong(c -> c.share().part(c.operationCount())).sum());
    }

    @Test
    void openRun_rateSplit_asTheStringPathGave() {
        RunConfig run = run(Phase.RUN, "model", "open", "rate", "3000", "arrival", "pareto:2.5", "maxinflight", "50",
                "duration", "12s", "warmup", "2s", "onoverload", "drop");

        List<RunConfig> shares = assertSharesAsByText(run, 3);

        for (RunConfig c : shares) {
            assertEquals(1000, ((Model.Open) c.model()).schedule().scaled(1.0 / c.share().count()).meanRate(1), 1e-9);
        }
    }

    @Test
    void openRun_aRateSchedule_asTheStringPathGave() {
        assertSharesAsByText(run(Phase.RUN, "model", "open", "rate.schedule", "steps: 100, 300, 200 every 2s",
                "arrival", "hyperexp:3"), 2);
        assertSharesAsByText(run(Phase.RUN, "model", "open", "rate.schedule", "ramp: 10..1000 over 5s",
                "arrival", "constant"), 3);
    }

    @Test
    void ratingExperiment_itsThreadsLengthAndRate_asTheStringPathGave() {
        RunConfig closed = run(Phase.RUN, "model", "closed", "threadcount", "1", "duration", "12s", "warmup", "2s",
                "autoload", "false").withThreads(8).withDuration(Duration.ofMillis(3500));

        RunConfig second = assertSharesAsByText(closed, 2).get(1);

        assertEquals(new Model.Closed(8, 0, Duration.ZERO), second.model());
        assertEquals(4, second.share().part(8));
        assertEquals(Duration.ofMillis(3500), second.duration());
        assertEquals(Duration.ofSeconds(2), second.warmup());
        assertFalse(second.autoLoad());
        assertEquals(closed.seed(), second.seed());

        RunConfig open = run(Phase.RUN, "model", "open", "rate", "1", "duration", "12s").withRatePerSec(5000);
        assertEquals(new RateSchedule.Constant(5000),
                ((Model.Open) assertSharesAsByText(open, 2).get(0).model()).schedule());
    }

    @Test
    void aChosenSeed_theCoordinatorsSeedOnEveryWorker_andRecorded() {
        Map<String, String> given = Map.of("model", "closed", "threadcount", "4", "duration", "10s",
                "timeseries.granularity", "1s");
        RunConfig run = RunConfigParser.parse(Phase.RUN, Settings.of(given), null, true).withThreads(6);
        assertTrue(run.seedChosen());

        for (RunConfig c : assertSharesAsByText(run, 2)) {
            assertEquals(run.seed(), c.seed());
            assertFalse(c.seedChosen(), "the worker is given the seed");
            assertEquals(String.valueOf(run.seed()), c.recordedProperties().get("seed"));
            assertEquals("1000", c.recordedProperties().get("timeseries.granularity"));
            assertEquals("6", c.recordedProperties().get("threadcount"));
        }
    }

    @Test
    void transactionsVirtualTimeAndBounds_asTheStringPathGave() {
        assertSharesAsByText(run(Phase.RUN, "workload", "closed_economy", "threadcount", "4", "operationcount", "99",
                "txn.retries", "2", "txn.backoff", "5", "time", "virtual", "maxerrorrate", "2%", "maxstall", "5%",
                "stallafter", "300ms", "maxsendlag", "30ms", "grace", "3s", "loadstalltimeout", "9s",
                "hdrhistogram.percentiles", "50,99.9", "status.interval", "2"), 3);
        assertSharesAsByText(run(Phase.RUN, "threadcount", "2", "operationcount", "10", "txn.enabled", "true",
                "txn.load", "true"), 2);
    }

    @Test
    void load_eachWorkersKeyRangeAndThreads_asTheStringPathGave() {
        RunConfig load = run(Phase.LOAD, "recordcount", "1000", "threadcount", "8", "insertstart", "100",
                "insertcount", "600", "operationcount", "100");
        List<RunConfig> shares = assertSharesAsByText(load, 3);

        long[][] expected = {{100, 200}, {300, 200}, {500, 200}};
        for (int i = 0; i < 3; i++) {
            RunConfig byText = byText(load, new Share(i, 3));
            RunConfig partition = LoadShare.partition(shares.get(i));
            assertSameConfig(LoadShare.partition(byText), partition);
            assertSameConfig(LoadShare.threads(byText), LoadShare.threads(shares.get(i)));
            assertEquals(String.valueOf(expected[i][0]), partition.recordedProperties().get("insertstart"));
            assertEquals(String.valueOf(expected[i][1]), partition.recordedProperties().get("insertcount"));
        }
        // a run's automatic load of a shared store splits the same way
        RunConfig run = run(Phase.RUN, "recordcount", "1000", "threadcount", "8", "operationcount", "100");
        for (RunConfig c : assertSharesAsByText(run, 3)) {
            assertSameConfig(LoadShare.partition(byText(run, c.share())), LoadShare.partition(c));
        }
    }

    @Test
    void staleness_eachWorkersPart_asTheStringPathGave() {
        StalenessConfig cfg = new StalenessConfig(250.5, 3001, 40, List.of(0.0, 1.5, 10.0), "t1");
        StalenessPlan plan = new StalenessPlan("sim", Map.of("sim.secondaries", "1", "sim.lag", "2ms"), cfg, 7L);

        for (int i = 0; i < 3; i++) {
            Share share = new Share(i, 3);
            StalenessPart sent = (StalenessPart) wire(plan.share(share));

            StringStalenessPlan byText = StringStalenessPlan.fromSettings(StringStalenessPlan.toSettings(plan, share));
            assertEquals(byText.config().part(share), sent.part());
            assertEquals(byText.storeProperties(), sent.storeProperties());
            assertEquals(byText.store(), sent.store());
            assertEquals(byText.seed(), sent.seed());
            assertEquals(share, sent.share());
        }
    }

    /**
     * Each share of {@code run} over {@code count} workers as the worker takes it from its plan, checked
     * against the string path value by value; the shares, in order.
     */
    private static List<RunConfig> assertSharesAsByText(RunConfig run, int count) {
        List<RunConfig> shares = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            Share share = new Share(i, count);
            PlanConfig sent = wire(PhasePlan.of(ClusterSession.workerConfig(run, share)));
            RunConfig typed = ((PhasePlan) sent).toRunConfig();
            assertSameConfig(byText(run, share), typed);
            assertEquals(share, typed.share());
            shares.add(typed);
        }
        return shares;
    }

    /** How a worker's configuration was made before: the coordinator's properties and {@code share=i/n}, parsed. */
    private static RunConfig byText(RunConfig run, Share share) {
        Map<String, String> sent = new HashMap<>(run.recordedProperties());
        sent.put("seed", String.valueOf(run.seed()));
        sent.put("status.interval", String.valueOf(run.output().statusInterval().toSeconds()));
        sent.put("timeseries.granularity", String.valueOf(run.granularity().toMillis()));
        sent.put("share", share.describe());
        return RunConfigParser.parse(run.phase(), Settings.of(sent), null, true);
    }

    /** Every value of the two configurations is the same (the properties as recorded: the typed one keeps its changes apart). */
    private static void assertSameConfig(RunConfig expected, RunConfig actual) {
        assertEquals(expected.phase(), actual.phase());
        assertEquals(expected.store(), actual.store());
        assertEquals(expected.recordedProperties(), actual.recordedProperties());
        assertEquals(expected.workload(), actual.workload());
        assertEquals(expected.transactions(), actual.transactions());
        assertSameModel(expected.model(), actual.model());
        assertEquals(Runner.modelOf(expected).spec(), Runner.modelOf(actual).spec());
        assertEquals(expected.operationCount(), actual.operationCount());
        assertEquals(expected.duration(), actual.duration());
        assertEquals(expected.warmup(), actual.warmup());
        assertEquals(expected.granularity(), actual.granularity());
        assertEquals(expected.grace(), actual.grace());
        assertEquals(expected.loadStallTimeout(), actual.loadStallTimeout());
        assertEquals(expected.seed(), actual.seed());
        assertEquals(expected.seedChosen(), actual.seedChosen());
        assertEquals(expected.autoLoad(), actual.autoLoad());
        assertEquals(expected.share(), actual.share());
        assertEquals(expected.virtualTime(), actual.virtualTime());
        assertEquals(expected.thresholds(), actual.thresholds());
        assertEquals(expected.output(), actual.output());
        for (String name : expected.recordedProperties().keySet()) {
            assertEquals(expected.given(name), actual.given(name), name);
        }
    }

    /** The same model; a schedule of steps compared by its rates (a record compares arrays by identity). */
    private static void assertSameModel(Model expected, Model actual) {
        if (expected instanceof Model.Open e && e.schedule() instanceof RateSchedule.Steps s
                && actual instanceof Model.Open a && a.schedule() instanceof RateSchedule.Steps t) {
            assertArrayEquals(s.ratesPerSec(), t.ratesPerSec());
            assertEquals(s.every(), t.every());
            assertEquals(new Model.Open(e.arrival(), t, e.maxInFlight(), e.onOverload()), a);
            return;
        }
        assertEquals(expected, actual);
    }

    /** {@code config} in a plan, through Pekko's serialization as the cluster's nodes configure it, and back. */
    private static PlanConfig wire(PlanConfig config) {
        Plan plan = new Plan(1, KIT.createTestProbe(ToRun.class).ref(), config, 0, 1);
        Serialization serialization = SerializationExtension.get(Adapter.toClassic(KIT.system()));
        Serializer serializer = serialization.findSerializerFor(plan);
        byte[] bytes = serialization.serialize(plan).get();
        Object back = serialization.deserialize(bytes, serializer.identifier(),
                Serializers.manifestFor(serializer, plan)).get();
        assertNotNull(back);
        return ((Plan) (ClusterMessage) back).config();
    }

    private static RunConfig run(Phase phase, String... pairs) {
        Map<String, String> m = new HashMap<>(Map.of("seed", "3"));
        for (int i = 0; i < pairs.length; i += 2) {
            m.put(pairs[i], pairs[i + 1]);
        }
        return RunConfigParser.parse(phase, Settings.of(m), null, true);
    }
}
