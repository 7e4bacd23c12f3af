package org.openmark.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.openmark.api.Status;

/**
 * The writer any thread may use, as the open model uses it: many threads, platform and virtual,
 * record through it at once while the collector drains it all the time. Every value of every
 * channel (response, service, send lag, inner calls) arrives exactly once, including channels
 * made while the collector runs, whichever stripe a thread ends up in.
 */
class SharedWriterTest {
    private static final List<String> OPS = List.of("READ", "UPDATE", "SCAN", "INSERT");

    @Test
    void collectInterval_whileManyThreadsRecord_everyValueOfEveryChannelOnce() throws Exception {
        Measurements m = new Measurements();
        MeasurementWriter shared = m.sharedWriter();
        int platforms = 4;
        int virtuals = 64;
        int perThread = 40_000;
        List<Expected> expected = new ArrayList<>();
        List<Thread> started = new ArrayList<>();
        for (int t = 0; t < platforms + virtuals; t++) {
            Expected e = new Expected();
            expected.add(e);
            int seed = t;
            Runnable body = () -> {
                SplittableRandom r = new SplittableRandom(seed);
                for (int i = 0; i < perThread; i++) {
                    // new channels keep appearing: the op set widens over the run, statuses vary
                    String op = OPS.get(r.nextInt(1 + Math.min(OPS.size() - 1, i / 10_000)));
                    Status status = r.nextInt(100) == 0 ? Status.ERROR : Status.OK;
                    long intended = r.nextLong(0, 1_000_000_000);
                    // a third of the send lags zero (one time for response and service), the others up to 2 ms
                    long actual = intended + (r.nextInt(3) == 0 ? 0 : r.nextLong(0, 2_000_000));
                    long completed = actual + r.nextLong(0, 80_000_000);
                    shared.issued();
                    if (i % 10 == 0) {
                        shared.recordInner(op, status, actual, completed);
                        e.add(new Channel(op, status, true), actual, actual, completed, false);
                    } else {
                        shared.record(op, status, intended, actual, completed);
                        e.add(new Channel(op, status, false), intended, actual, completed, true);
                    }
                }
            };
            started.add(t < platforms ? Thread.ofPlatform().start(body) : Thread.ofVirtual().start(body));
        }
        Map<Channel, Histogram> response = new HashMap<>();
        Map<Channel, Histogram> service = new HashMap<>();
        Histogram lag = Measurements.newHistogram();
        int collections = 0;
        while (started.stream().anyMatch(Thread::isAlive)) {
            add(m.collectInterval(0, 1), response, service, lag);
            collections++;
        }
        for (Thread t : started) {
            t.join();
        }
        add(m.collectInterval(0, 1), response, service, lag);

        Expected all = new Expected();
        expected.forEach(all::addAll);
        assertEquals(all.response, response, "response times by channel");
        assertEquals(all.service, service, "service times by channel");
        assertEquals(all.lag, lag, "send lags");
        assertEquals(all.response.keySet(), Set.copyOf(m.channels()), "channels");
        assertEquals((long) (platforms + virtuals) * perThread, m.issued());
        assertTrue(collections > 1, "the collector drained while the threads recorded");
    }

    @Test
    void record_unpaced_oneTimeForResponseAndServiceAndASendLagOfZero() {
        Measurements m = new Measurements();
        m.sharedWriter().record("READ", Status.OK, 5_000, 5_000, 12_000);
        m.sharedWriter().record("READ", Status.OK, 5_000, 9_000, 12_000);
        IntervalSnapshot s = m.collectInterval(0, 1);
        Channel read = new Channel("READ", Status.OK, false);
        assertEquals(2, s.response().get(read).getTotalCount());
        assertEquals(7, s.response().get(read).getMinValue());
        assertEquals(7, s.response().get(read).getMaxValue());
        assertEquals(3, s.service().get(read).getMinValue());
        assertEquals(7, s.service().get(read).getMaxValue());
        assertEquals(1, s.sendLag().getCountAtValue(0));
        assertEquals(1, s.sendLag().getCountAtValue(4));
        assertEquals(0, m.collectInterval(1, 2).completed(), "taken once");
    }

    private static void add(IntervalSnapshot s, Map<Channel, Histogram> response, Map<Channel, Histogram> service,
            Histogram lag) {
        s.response().forEach((c, h) -> response.computeIfAbsent(c, k -> Measurements.newHistogram()).add(h));
        s.service().forEach((c, h) -> service.computeIfAbsent(c, k -> Measurements.newHistogram()).add(h));
        lag.add(s.sendLag());
    }

    /** What one thread recorded, in plain histograms. */
    private static final class Expected {
        final Map<Channel, Histogram> response = new HashMap<>();
        final Map<Channel, Histogram> service = new HashMap<>();
        final Histogram lag = Measurements.newHistogram();

        void add(Channel c, long intended, long actual, long completed, boolean withLag) {
            response.computeIfAbsent(c, k -> Measurements.newHistogram()).recordValue(Measurements.micros(intended, completed));
            service.computeIfAbsent(c, k -> Measurements.newHistogram()).recordValue(Measurements.micros(actual, completed));
            if (withLag) {
                lag.recordValue(Measurements.micros(intended, actual));
            }
        }

        void addAll(Expected other) {
            other.response.forEach((c, h) -> response.computeIfAbsent(c, k -> Measurements.newHistogram()).add(h));
            other.service.forEach((c, h) -> service.computeIfAbsent(c, k -> Measurements.newHistogram()).add(h));
            lag.add(other.lag);
        }
    }
}
