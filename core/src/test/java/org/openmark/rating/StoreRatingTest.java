package org.openmark.rating;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.openmark.api.Store;
import org.openmark.api.StoreFactory;
import org.openmark.api.StoreProperties;
import org.openmark.config.ConfigException;
import org.openmark.config.Settings;
import org.openmark.run.ModelChoice;
import org.openmark.run.RunResult;
import org.openmark.run.Runner;
import org.openmark.run.StoreRegistry;
import org.openmark.testing.LatencyStore;
import org.openmark.testing.SimpleWorkload;
import org.openmark.timing.StopSignal;
import org.openmark.timing.Timing;

/**
 * A rating's experiments are one configuration at different load levels and lengths: each result
 * records its own (what rating.json's experiments and a cluster's workers see), and the rating
 * refuses the other model's options as a run does. Virtual time: a store answering in 1 ms.
 */
class StoreRatingTest {
    private static final long MS = 1_000_000L;
    private static final PrintStream QUIET = new PrintStream(OutputStream.nullOutputStream());
    private final Timing timing = Timing.virtual();

    @Test
    void experiments_closedModel_eachResultRecordsItsOwnThreadsAndLength() throws Exception {
        try (StoreRating rating = rating(ModelChoice.CLOSED, Map.of())) {
            rating.prepare();
            rating.run(3);
            rating.confirm(5, Duration.ofSeconds(2));

            List<RunResult> results = rating.results();
            assertEquals(Map.of("threadcount", "3", "duration", "1500ms"), loadAndLength(results.get(0)));
            assertEquals(Map.of("threadcount", "5", "duration", "2500ms"), loadAndLength(results.get(1)));
            Map<String, String> config = results.get(1).config();
            assertEquals("closed", config.get("model"));
            assertEquals("500ms", config.get("warmup"));
            assertEquals("false", config.get("autoload"));
            assertFalse(config.containsKey("operationcount"), config::toString);
            assertEquals(2000, results.get(1).runtimeMs(), 10, "measured for the confirmation's 2 s");
        }
    }

    @Test
    void experiments_openModel_eachResultRecordsItsOwnRate() throws Exception {
        try (StoreRating rating = rating(ModelChoice.OPEN, Map.of("arrival", "constant"))) {
            rating.prepare();
            rating.run(200);
            rating.run(400);

            assertEquals(Map.of("rate", "200", "duration", "1500ms"), loadAndLength(rating.results().get(0)));
            assertEquals(Map.of("rate", "400", "duration", "1500ms"), loadAndLength(rating.results().get(1)));
            assertEquals(400, rating.results().get(1).throughput(), 4);
        }
    }

    /**
     * ζ is the load phase's own time, and the line that reports the load says the same figure: 100
     * inserts of 1 ms each, shared by the loader's threads (one per core), take ⌈100 / threads⌉ ms
     * of virtual time.
     */
    @Test
    void prepare_emptyStore_initialLoadIsTheLoadPhasesTimeAndTheLogSaysIt() throws Exception {
        ByteArrayOutputStream logged = new ByteArrayOutputStream();
        try (StoreRating rating = rating(ModelChoice.CLOSED, Map.of(), new PrintStream(logged, true,
                StandardCharsets.UTF_8))) {
            rating.prepare();

            int threads = Math.max(1, Runtime.getRuntime().availableProcessors());
            Duration initialLoad = rating.measuredCosts().initialLoad();
            assertEquals(Duration.ofMillis((100 + threads - 1) / threads), initialLoad);
            assertEquals("rate: loaded 100 records in " + RatingFormat.duration(initialLoad)
                    + " (the initial load ζ)\n", logged.toString(StandardCharsets.UTF_8));
        }
    }

    @Test
    void otherModelsOption_isBadInputNamingIt() {
        ConfigException open = assertThrows(ConfigException.class,
                () -> rating(ModelChoice.OPEN, Map.of("threadcount", "4")));
        ConfigException closed = assertThrows(ConfigException.class,
                () -> rating(ModelChoice.CLOSED, Map.of("maxinflight", "4")));

        assertTrue(open.getMessage().startsWith("threadcount=4: applies to the closed model only"), open::getMessage);
        assertTrue(closed.getMessage().startsWith("maxinflight=4: applies to the open model only"), closed::getMessage);
    }

    /** The load level's property and the duration a result records. */
    private static Map<String, String> loadAndLength(RunResult r) {
        Map<String, String> m = new HashMap<>();
        for (String name : List.of("threadcount", "rate", "duration")) {
            if (r.config().containsKey(name)) {
                m.put(name, r.config().get(name));
            }
        }
        return m;
    }

    /** A rating of 1-second experiments after a 0.5 s warm-up on a store that answers in 1 ms. */
    private StoreRating rating(ModelChoice model, Map<String, String> extra) {
        return rating(model, extra, QUIET);
    }

    /** {@link #rating(ModelChoice, Map)}, logging to {@code log}. */
    private StoreRating rating(ModelChoice model, Map<String, String> extra, PrintStream log) {
        Map<String, String> p = new HashMap<>(Map.of("store", "latency", "seed", "7", "time", "virtual",
                "operationcount", "10", "status.interval", "3600"));
        p.putAll(extra);
        StoreFactory latency = new StoreFactory() {
            @Override
            public String name() {
                return "latency";
            }

            @Override
            public String description() {
                return "answers every call 1 ms after it began";
            }

            @Override
            public Set<String> propertyNames() {
                return Set.of();
            }

            @Override
            public Store open(StoreProperties properties) {
                return new LatencyStore(timing.clock(), start -> start + MS);
            }
        };
        Runner runner = new Runner(StoreRegistry.of(latency), (settings, clock, count) -> new SimpleWorkload(100, 0),
                timing.clock(), timing.tasks(), new StopSignal(), QUIET);
        return new StoreRating(runner, Settings.of(p), model, Sla.none(), Duration.ofSeconds(1),
                Duration.ofMillis(500), ReloadPolicy.of(ReloadMode.NONE), timing.clock(), log);
    }
}
