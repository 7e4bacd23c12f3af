package org.openmark.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.Set;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.openmark.api.Status;

/**
 * A thread's writer against a collector draining it all the time: every value of every channel
 * (response, service, send lag, inner calls; with a send lag of zero, response and service time
 * recorded once for both) arrives exactly once, including channels the writer creates while the
 * collector runs.
 */
class ThreadWriterTest {
    private static final List<String> OPS = List.of("READ", "UPDATE", "SCAN", "INSERT");

    @Test
    void drainInto_whileTheWriterRecords_everyValueOfEveryChannelOnce() throws Exception {
        ThreadWriter w = new ThreadWriter();
        Map<Channel, Histogram> expectedResponse = new HashMap<>();
        Map<Channel, Histogram> expectedService = new HashMap<>();
        Histogram expectedLag = Measurements.newHistogram();
        int operations = 300_000;
        Thread writer = Thread.ofPlatform().start(() -> {
            SplittableRandom r = new SplittableRandom(7);
            for (int i = 0; i < operations; i++) {
                // New channels keep appearing: the op set widens over the run, statuses vary.
                String op = OPS.get(r.nextInt(1 + Math.min(OPS.size() - 1, i / 50_000)));
                Status status = r.nextInt(100) == 0 ? Status.ERROR : Status.OK;
                long intended = r.nextLong(0, 1_000_000_000);
                // half of the send lags zero (counted apart), the others up to 2 ms
                long actual = intended + (r.nextBoolean() ? 0 : r.nextLong(0, 2_000_000));
                long completed = actual + r.nextLong(0, 80_000_000);
                boolean inner = i % 10 == 0;
                Channel c = new Channel(op, status, inner);
                if (inner) {
                    w.recordInner(op, status, actual, completed);
                    expectedResponse.computeIfAbsent(c, k -> Measurements.newHistogram())
                            .recordValue(Measurements.micros(actual, completed));
                    expectedService.computeIfAbsent(c, k -> Measurements.newHistogram())
                            .recordValue(Measurements.micros(actual, completed));
                } else {
                    w.record(op, status, intended, actual, completed);
                    expectedResponse.computeIfAbsent(c, k -> Measurements.newHistogram())
                            .recordValue(Measurements.micros(intended, completed));
                    expectedService.computeIfAbsent(c, k -> Measurements.newHistogram())
                            .recordValue(Measurements.micros(actual, completed));
                    expectedLag.recordValue(Measurements.micros(intended, actual));
                }
            }
        });
        Map<Channel, Histogram> response = new TreeMap<>();
        Map<Channel, Histogram> service = new TreeMap<>();
        Histogram lag = Measurements.newHistogram();
        int drains = 0;
        while (writer.isAlive()) {
            w.drainInto(response, service, lag);
            drains++;
        }
        writer.join();
        w.drainInto(response, service, lag);
        assertEquals(expectedResponse, response, "response by channel");
        assertEquals(expectedService, service, "service by channel");
        assertEquals(expectedLag, lag, "send lag");
        assertEquals(expectedResponse.keySet(), Set.copyOf(w.channels()));
        assertTrue(drains > 1, "the collector drained while the writer recorded");
    }

    @Test
    void drainInto_takesOnlyWhatIsNew() {
        ThreadWriter w = new ThreadWriter();
        w.issued();
        w.record("READ", Status.OK, 0, 1_000, 3_000);
        w.record("READ", Status.OK, 5_000, 5_000, 6_000);
        Map<Channel, Histogram> response = new TreeMap<>();
        Map<Channel, Histogram> service = new TreeMap<>();
        Histogram lag = Measurements.newHistogram();
        w.drainInto(response, service, lag);
        Channel read = new Channel("READ", Status.OK, false);
        assertEquals(3, response.get(read).getMaxValue());
        assertEquals(2, service.get(read).getMaxValue());
        assertEquals(1, lag.getMaxValue());
        assertEquals(1, lag.getCountAtValue(0), "the zero send lag, counted apart");
        assertEquals(2, lag.getTotalCount());

        Map<Channel, Histogram> again = new TreeMap<>();
        Histogram lagAgain = Measurements.newHistogram();
        w.drainInto(again, new TreeMap<>(), lagAgain);
        assertEquals(0, again.get(read).getTotalCount());
        assertEquals(0, lagAgain.getTotalCount());
        assertEquals(1, w.issuedCount());
    }

    @Test
    void record_anEqualNameThatIsAnotherString_isTheSameChannel() {
        ThreadWriter w = new ThreadWriter();
        for (int i = 0; i < 12; i++) {
            w.record("OP" + i, Status.OK, 0, 0, 1_000); // more names than the identity array holds
        }
        w.record(new String("OP3"), Status.OK, 0, 0, 2_000);
        w.record(new String("OP11"), Status.OK, 0, 0, 2_000);
        Map<Channel, Histogram> response = new TreeMap<>();
        w.drainInto(response, new TreeMap<>(), Measurements.newHistogram());
        assertEquals(12, response.size());
        assertEquals(2, response.get(new Channel("OP3", Status.OK, false)).getTotalCount());
        assertEquals(2, response.get(new Channel("OP11", Status.OK, false)).getTotalCount());
        assertEquals(1, response.get(new Channel("OP0", Status.OK, false)).getTotalCount());
    }
}
