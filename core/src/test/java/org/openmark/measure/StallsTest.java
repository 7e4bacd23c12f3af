package org.openmark.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.openmark.api.Status;

/**
 * Stalls in time, against their definition: the store answered nothing (a TIMEOUT is no answer)
 * for at least {@code stallAfter} while operations waited in it, from the later of the last answer
 * and the first waiting operation's start to the next answer (or the phase's end).
 */
class StallsTest {
    private static final long MS = 1_000_000;
    private static final long S = 1_000 * MS;

    /** One operation: in the store from start to end (Long.MAX_VALUE: unfinished), ended with status. */
    private record Op(long start, long end, Status status) {
    }

    @Test
    void stalls_storeFrozenWhileArrivalsWait_fromTheFirstWaitingStartToTheNextAnswer() {
        List<Op> ops = new ArrayList<>();
        for (long t = 0; t < 10 * S; t += MS) {
            long end = t + MS / 2;
            if (end > 4 * S && t < 7 * S) {
                end = 7 * S;
            }
            ops.add(new Op(t, end, Status.OK));
        }
        List<Stalls.Stall> stalls = measure(ops, Duration.ofSeconds(1), 0, 10 * S);
        // the last answer is at 3.9995 s; the call started at 4.000 s is the first that waits
        // the operations held up 1 s or longer: those started from 4.000 s to 6.000 s
        assertEquals(List.of(new Stalls.Stall(4 * S, 7 * S, 2001)), stalls);
    }

    @Test
    void stalls_gapWithNothingOutstanding_isNoStall() {
        List<Op> ops = List.of(new Op(0, MS, Status.OK), new Op(5 * S, 5 * S + MS, Status.OK));
        assertEquals(List.of(), measure(ops, Duration.ofSeconds(1), 0, 6 * S));
    }

    @Test
    void stalls_shorterThanStallAfter_none_andAtExactlyStallAfter_one() {
        List<Op> shorter = List.of(new Op(0, MS, Status.OK), new Op(MS, S, Status.OK));
        assertEquals(List.of(), measure(shorter, Duration.ofSeconds(1), 0, 2 * S));
        List<Op> exactly = List.of(new Op(0, MS, Status.OK), new Op(MS, S + MS, Status.OK));
        assertEquals(List.of(new Stalls.Stall(MS, S + MS, 1)), measure(exactly, Duration.ofSeconds(1), 0, 2 * S));
    }

    /**
     * The closed model's clients on a frozen store: each call times out after 2 s (no answer), the
     * next one waits until the store comes back at 7.30 s. One stall from 4.06 s, not two.
     */
    @Test
    void stalls_closedClientsTimingOutThenWaitingAgain_oneStallAcrossTheTimeouts() {
        List<Op> ops = new ArrayList<>();
        for (int client = 0; client < 4; client++) {
            long t = client * MS;
            while (t < 4060 * MS) {
                ops.add(new Op(t, t + MS, Status.OK));
                t += 8 * MS;
            }
            ops.add(new Op(t, t + 2 * S, Status.TIMEOUT));
            ops.add(new Op(t + 2 * S + 10_000, 7300 * MS, Status.OK));
            t = 7300 * MS;
            while (t < 15 * S) {
                ops.add(new Op(t, t + MS, Status.OK));
                t += 8 * MS;
            }
        }
        List<Stalls.Stall> stalls = measure(ops, Duration.ofSeconds(1), 0, 15 * S);
        assertEquals(1, stalls.size(), stalls::toString);
        long firstWaiting = ops.stream().filter(o -> o.status() == Status.TIMEOUT).mapToLong(Op::start).min()
                .orElseThrow();
        assertEquals(new Stalls.Stall(firstWaiting, 7300 * MS, 8), stalls.get(0));
    }

    /** One client whose calls time out after 100 ms, one after another for 3 s: their waits join into one stall. */
    @Test
    void stalls_shortTimeoutsBackToBack_oneStallAndFewWaitsKept() {
        List<Op> ops = new ArrayList<>();
        for (long t = 0; t < 4 * S; t += MS) {
            ops.add(new Op(t, t + MS / 2, Status.OK));
        }
        long t = 4 * S;
        while (t < 7 * S) {
            ops.add(new Op(t, t + 100 * MS, Status.TIMEOUT));
            t += 100 * MS + 20_000;
        }
        ops.add(new Op(t, t + MS, Status.OK));
        List<Stalls.Stall> stalls = measure(ops, Duration.ofSeconds(1), 0, 8 * S);
        assertEquals(List.of(new Stalls.Stall(4 * S, t + MS, 30)), stalls);
    }

    @Test
    void stalls_operationsStillOutstandingAtTheEnd_stallToTheEnd() {
        List<Op> ops = List.of(new Op(0, 8 * S, Status.OK), new Op(8500 * MS, Long.MAX_VALUE, Status.OK));
        assertEquals(List.of(new Stalls.Stall(0, 8 * S, 1), new Stalls.Stall(8500 * MS, 10 * S, 1)),
                measure(ops, Duration.ofSeconds(1), 0, 10 * S));
    }

    /**
     * Differential, seeded: random arrivals (open: Poisson; closed: clients one call after another),
     * random freezes and client timeouts, operations recorded when they end, collected at five
     * granularities: the stalls are the same at every one, and are those of the definition computed
     * from every operation.
     */
    @Test
    void stalls_randomRunsAtEveryGranularity_equalTheDefinition() {
        SplittableRandom seeds = new SplittableRandom(37);
        int stalled = 0;
        int runs = 40;
        for (int run = 0; run < runs; run++) {
            SplittableRandom r = seeds.split();
            long end = 20 * S;
            List<Op> ops = r.nextBoolean() ? openRun(r, end) : closedRun(r, end);
            Duration after = Duration.ofMillis(r.nextInt(1, 4) * 500L);
            List<Stalls.Stall> expected = definition(ops, after.toNanos(), 0, end);
            List<Stalls.Stall> once = measure(ops, after, 0, end);
            stalled += expected.isEmpty() ? 0 : 1;
            assertEquals(times(expected), times(once), "run " + run);
            for (int i = 0; i < expected.size(); i++) {
                // waits that overlap are kept together, so a stall may count one that overlaps it with
                // one that does not: never fewer than the definition's
                assertTrue(once.get(i).operations() >= expected.get(i).operations(), "run " + run + ": " + once
                        + " against " + expected);
            }
            for (long granularity : new long[] {50 * MS, S, 5 * S, 60 * S}) {
                assertEquals(once, measure(ops, after, granularity, end), "run " + run + " at granularity "
                        + granularity / MS + " ms");
            }
        }
        assertTrue(stalled >= runs / 3 && stalled < runs, "the runs test stalls and their absence: " + stalled
                + " of " + runs + " stalled");
    }

    private static List<String> times(List<Stalls.Stall> stalls) {
        return stalls.stream().map(s -> s.fromNanos() + ".." + s.toNanos()).toList();
    }

    private static List<long[]> freezes(SplittableRandom r, long end) {
        List<long[]> f = new ArrayList<>();
        int n = r.nextInt(0, 4);
        for (int i = 0; i < n; i++) {
            long from = r.nextLong(0, end);
            f.add(new long[] {from, from + r.nextLong(100 * MS, 5 * S)});
        }
        return f;
    }

    /** When a call that would end at {@code end} ends, given the store's freezes. */
    private static long unfrozen(List<long[]> freezes, long start, long end) {
        long e = end;
        for (long[] f : freezes) {
            if (start < f[1] && e > f[0]) {
                e = Math.max(e, f[1]);
            }
        }
        return e;
    }

    private static List<Op> openRun(SplittableRandom r, long end) {
        List<long[]> freezes = freezes(r, end);
        double rate = r.nextInt(1, 400);
        long timeout = r.nextBoolean() ? Long.MAX_VALUE : r.nextLong(50 * MS, 3 * S);
        List<Op> ops = new ArrayList<>();
        double t = 0;
        while (true) {
            t += -Math.log(1 - r.nextDouble()) / rate * 1e9;
            long start = (long) t;
            if (start >= end - S) {
                break;
            }
            ops.add(call(freezes, start, r.nextLong(100_000, 20 * MS), timeout, end));
        }
        return ops;
    }

    private static List<Op> closedRun(SplittableRandom r, long end) {
        List<long[]> freezes = freezes(r, end);
        long timeout = r.nextBoolean() ? Long.MAX_VALUE : r.nextLong(50 * MS, 3 * S);
        long think = r.nextBoolean() ? 0 : r.nextLong(0, 50 * MS);
        List<Op> ops = new ArrayList<>();
        int clients = r.nextInt(1, 5);
        for (int c = 0; c < clients; c++) {
            long t = r.nextLong(0, MS);
            while (t < end - S) {
                Op op = call(freezes, t, r.nextLong(100_000, 5 * MS), timeout, end);
                ops.add(op);
                if (op.end() == Long.MAX_VALUE) {
                    break;
                }
                t = op.end() + think + 1_000;
            }
        }
        return ops;
    }

    private static Op call(List<long[]> freezes, long start, long service, long timeout, long phaseEnd) {
        long end = unfrozen(freezes, start, start + service);
        Status status = Status.OK;
        if (end - start > timeout) {
            end = start + timeout;
            status = Status.TIMEOUT;
        }
        return end >= phaseEnd ? new Op(start, Long.MAX_VALUE, status) : new Op(start, end, status);
    }

    /** The stalls by the definition, from every operation. */
    private static List<Stalls.Stall> definition(List<Op> ops, long after, long start, long end) {
        List<Long> answers = new ArrayList<>();
        answers.add(start);
        for (Op o : ops) {
            if (o.end() != Long.MAX_VALUE && o.status() != Status.TIMEOUT) {
                answers.add(o.end());
            }
        }
        answers.sort(Comparator.naturalOrder());
        answers.add(end);
        List<Stalls.Stall> out = new ArrayList<>();
        for (int i = 1; i < answers.size(); i++) {
            long a = answers.get(i - 1);
            long b = answers.get(i);
            if (b - a < after) {
                continue;
            }
            long begin = Long.MAX_VALUE;
            long held = 0;
            for (Op o : ops) {
                if (o.start() < b && o.end() > a) {
                    begin = Math.min(begin, Math.max(a, o.start()));
                    if (o.status() == Status.TIMEOUT || Math.min(o.end(), end) - o.start() >= after) {
                        held++;
                    }
                }
            }
            if (begin != Long.MAX_VALUE && b - begin >= after) {
                out.add(new Stalls.Stall(begin, b, held));
            }
        }
        return out;
    }

    /**
     * The stalls as {@link Measurements} finds them: each operation recorded when it ends (one
     * writer per closed client, the shared one for the open model's), collected every
     * {@code granularity} (0: once at the end), unfinished ones given up at the end.
     */
    private static List<Stalls.Stall> measure(List<Op> ops, Duration after, long granularity, long end) {
        Measurements m = new Measurements(after);
        MeasurementWriter shared = m.sharedWriter();
        MeasurementWriter own = m.newThreadWriter();
        List<Op> byEnd = new ArrayList<>(ops);
        byEnd.sort(Comparator.comparingLong(Op::end));
        long nextCollection = granularity == 0 ? Long.MAX_VALUE : granularity;
        int i = 0;
        for (Op o : byEnd) {
            if (o.end() == Long.MAX_VALUE) {
                m.recordUnfinished(o.start(), end);
                continue;
            }
            while (o.end() > nextCollection) {
                m.collectInterval(0, 0);
                nextCollection += granularity;
            }
            (i++ % 2 == 0 ? shared : own).record("READ", o.status(), o.start(), o.start(), o.end());
        }
        m.collectInterval(0, 0);
        List<Outage> outages = m.stalls(0, end);
        List<Stalls.Stall> out = new ArrayList<>();
        for (Outage o : outages) {
            assertEquals(Outage.Kind.STALL, o.kind());
            out.add(new Stalls.Stall(Math.round(o.fromSeconds() * 1e9), Math.round(o.toSeconds() * 1e9),
                    o.operations()));
        }
        assertTrue(out.stream().allMatch(s -> s.toNanos() - s.fromNanos() >= after.toNanos()), out::toString);
        return out;
    }
}
