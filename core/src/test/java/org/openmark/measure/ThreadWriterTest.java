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
 * (response, service, send lag, inner calls, operations recorded back to back) arrives exactly once,
 * including channels the writer creates while the collector runs.
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
            BackToBack backToBack = w.backToBack(16);
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
                } else if (i % 3 == 1) {
                    // a call chain's: unpaced, so its response time is its service time and its send lag 0
                    backToBack.add(op, status, actual, completed);
                    if (backToBack.size() == 16) {
                        w.record(backToBack);
                    }
                    expectedResponse.computeIfAbsent(c, k -> Measurements.newHistogram())
                            .recordValue(Measurements.micros(actual, completed));
                    expectedService.computeIfAbsent(c, k -> Measurements.newHistogram())
                            .recordValue(Measurements.micros(actual, completed));
                    expectedLag.recordValue(0);
                } else {
                    w.record(op, status, intended, actual, completed);
                    expectedResponse.computeIfAbsent(c, k -> Measurements.newHistogram())
                            .recordValue(Measurements.micros(intended, completed));
                    expectedService.computeIfAbsent(c, k -> Measurements.newHistogram())
                            .recordValue(Measurements.micros(actual, completed));
                    expectedLag.recordValue(Measurements.micros(intended, actual));
                }
            }
            w.record(backToBack);
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
    void record_backToBack_isWhatRecordingEachWouldBe() {
        ThreadWriter batched = new ThreadWriter();
        ThreadWriter single = new ThreadWriter();
        BackToBack ran = batched.backToBack(4);
        long[][] times = {{0, 1_500}, {1_500, 4_000}, {4_000, 4_000}, {4_000, 90_000}};
        Status[] statuses = {Status.OK, Status.NOT_FOUND, Status.OK, Status.ERROR};
        for (int i = 0; i < times.length; i++) {
            String op = i % 2 == 0 ? "READ" : "UPDATE";
            ran.add(op, statuses[i], times[i][0], times[i][1]);
            single.record(op, statuses[i], times[i][0], times[i][0], times[i][1]);
        }
        batched.record(ran);
        Map<Channel, Histogram> response = new TreeMap<>();
        Map<Channel, Histogram> service = new TreeMap<>();
        Histogram lag = Measurements.newHistogram();
        batched.drainInto(response, service, lag);
        Map<Channel, Histogram> expectedResponse = new TreeMap<>();
        Map<Channel, Histogram> expectedService = new TreeMap<>();
        Histogram expectedLag = Measurements.newHistogram();
        single.drainInto(expectedResponse, expectedService, expectedLag);
        assertEquals(expectedResponse, response);
        assertEquals(expectedService, service);
        assertEquals(expectedLag, lag);
        assertEquals(4, lag.getCountAtValue(0));
        assertEquals(86, service.get(new Channel("UPDATE", Status.ERROR, false)).getMaxValue());
    }

    @Test
    void drainInto_aChainStuckInACall_itsFinishedOperationsAreTakenOnceAndCountedAsTheyEnded() {
        ThreadWriter w = new ThreadWriter();
        BackToBack chain = w.backToBack(8);
        chain.add("READ", Status.OK, 0, 2_000);
        chain.add("UPDATE", Status.ERROR, 2_000, 7_000);
        chain.add("READ", Status.OK, 7_000, 10_000);
        // the writer is now in its fourth call, which does not return before the collection
        Map<Channel, Histogram> response = new TreeMap<>();
        Map<Channel, Histogram> service = new TreeMap<>();
        Histogram lag = Measurements.newHistogram();
        w.drainInto(response, service, lag);
        Channel read = new Channel("READ", Status.OK, false);
        Channel failed = new Channel("UPDATE", Status.ERROR, false);
        assertEquals(2, response.get(read).getTotalCount());
        assertEquals(3, response.get(read).getMaxValue());
        assertEquals(1, service.get(failed).getTotalCount());
        assertEquals(5, service.get(failed).getMaxValue());
        assertEquals(3, lag.getCountAtValue(0));

        chain.add("READ", Status.OK, 10_000, 900_000); // the stalled call returns; the chain ends
        w.record(chain);
        assertEquals(0, chain.size(), "recording empties the chain");
        Map<Channel, Histogram> next = new TreeMap<>();
        Histogram nextLag = Measurements.newHistogram();
        w.drainInto(next, new TreeMap<>(), nextLag);
        assertEquals(1, next.get(read).getTotalCount(), "only the operation the collector had not taken");
        assertEquals(890, next.get(read).getMaxValue());
        assertEquals(1, nextLag.getTotalCount());
        assertEquals(Set.of(read, failed), Set.copyOf(w.channels()), "taken operations' channels too");

        chain.add("SCAN", Status.OK, 0, 1_000); // the next chain: nothing of the last one again
        w.drainInto(next, new TreeMap<>(), nextLag);
        assertEquals(1, next.get(read).getTotalCount());
        assertEquals(1, next.get(new Channel("SCAN", Status.OK, false)).getTotalCount());
    }

    @Test
    void drainInto_whileShortChainsEnd_everyOperationOnce() throws Exception {
        // Chains of 1 to 4 operations end all the time: the collector's takes race with the seals.
        ThreadWriter w = new ThreadWriter();
        int chains = 400_000;
        long[] expected = new long[1];
        Thread writer = Thread.ofPlatform().start(() -> {
            SplittableRandom r = new SplittableRandom(11);
            BackToBack chain = w.backToBack(4);
            long t = 0;
            for (int c = 0; c < chains; c++) {
                int length = 1 + r.nextInt(4);
                for (int i = 0; i < length; i++) {
                    // each operation's service time (in µs) is its number modulo 1000: the sum checks which were counted
                    long end = t + (expected[0] % 1000) * 1000;
                    chain.add("READ", Status.OK, t, end);
                    t = end;
                    expected[0]++;
                }
                w.record(chain);
            }
        });
        Map<Channel, Histogram> response = new TreeMap<>();
        Map<Channel, Histogram> service = new TreeMap<>();
        Histogram lag = Measurements.newHistogram();
        while (writer.isAlive()) {
            w.drainInto(response, service, lag);
        }
        writer.join();
        w.drainInto(response, service, lag);
        Histogram expectedTimes = Measurements.newHistogram();
        for (long k = 0; k < expected[0]; k++) {
            expectedTimes.recordValue(k % 1000);
        }
        Channel read = new Channel("READ", Status.OK, false);
        assertEquals(expectedTimes, response.get(read));
        assertEquals(expectedTimes, service.get(read));
        assertEquals(expected[0], lag.getCountAtValue(0));
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
