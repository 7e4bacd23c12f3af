package org.openmark.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongUnaryOperator;
import org.junit.jupiter.api.Test;
import org.openmark.api.Store;
import org.openmark.api.StoreFactory;
import org.openmark.api.StoreProperties;
import org.openmark.config.Settings;
import org.openmark.testing.LatencyStore;
import org.openmark.testing.SimpleWorkload;
import org.openmark.timing.StopSignal;
import org.openmark.timing.Timing;

/**
 * The automatic load before a run on an empty store: it says what it is about to load, shows its
 * progress as {@code load} does, and a stop in the middle of it ends the command with what was
 * loaded, saying so, instead of a note that it loaded. Virtual time.
 */
class AutoLoadTest {
    private static final long MS = 1_000_000L;

    private static StoreFactory factory(Timing timing, LongUnaryOperator completion) {
        return new StoreFactory() {
            @Override
            public String name() {
                return "latency";
            }

            @Override
            public String description() {
                return "answers at a time given by a function of the start";
            }

            @Override
            public Set<String> propertyNames() {
                return Set.of();
            }

            @Override
            public Store open(StoreProperties properties) {
                return new LatencyStore(timing.clock(), completion);
            }
        };
    }

    private static RunConfig config() {
        return RunConfigParser.parse(Phase.RUN, Settings.of(Map.of("store", "latency", "seed", "3", "time", "virtual",
                "rate", "100", "operationcount", "10", "status.interval", "1")), null, false);
    }

    @Test
    void execute_emptyStore_saysWhatItLoadsAndShowsTheLoadsProgress() throws Exception {
        Timing timing = Timing.virtual();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Runner runner = new Runner(StoreRegistry.of(factory(timing, start -> start + MS)),
                (settings, clock, count) -> new SimpleWorkload(20_000, 0), timing.clock(), timing.tasks(),
                new StopSignal(), new PrintStream(err, true, StandardCharsets.UTF_8));
        RunResult r = runner.execute(config());
        String said = err.toString(StandardCharsets.UTF_8);
        int threads = Math.max(1, Runtime.getRuntime().availableProcessors());
        assertTrue(said.contains("openmark: store 'latency' is empty: loading 20,000 records first with " + threads
                + " threads (-p autoload=false skips this)"), said);
        // 20,000 inserts of 1 ms on at most a few threads take seconds of virtual time: status lines every second
        int loading = said.indexOf("is empty: loading");
        int loaded = said.indexOf("was empty: loaded 20000 records first");
        assertTrue(loaded > loading, said);
        String during = said.substring(loading, loaded);
        assertTrue(during.contains(" 1 sec: ") && during.contains(" operations; "), "a status line: " + said);
        assertEquals(Phase.RUN, r.phase());
    }

    @Test
    void execute_stoppedWhileLoading_endsWithWhatWasLoadedAndSaysNothingWasRun() throws Exception {
        Timing timing = Timing.virtual();
        StopSignal stop = new StopSignal();
        AtomicLong calls = new AtomicLong();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Runner runner = new Runner(StoreRegistry.of(factory(timing, start -> {
            if (calls.incrementAndGet() == 500) {
                stop.stop();
            }
            return start + MS;
        })), (settings, clock, count) -> new SimpleWorkload(20_000, 0), timing.clock(), timing.tasks(), stop,
                new PrintStream(err, true, StandardCharsets.UTF_8));
        RunResult r = runner.execute(config());
        String said = err.toString(StandardCharsets.UTF_8);
        assertEquals(Phase.LOAD, r.phase(), "the result is the load's");
        assertTrue(r.interrupted());
        long loaded = r.accounting().completed();
        assertTrue(loaded >= 499 && loaded < 20_000, r.accounting()::toString);
        String note = String.format(java.util.Locale.ROOT, "the automatic load was interrupted after %,d of 20,000"
                + " records; nothing was run", loaded);
        assertTrue(r.notes().contains(note), r.notes()::toString);
        assertTrue(said.contains("openmark: " + note), said);
        assertTrue(!said.contains("was empty: loaded"), said);
    }
}
