package org.openmark.cli;

import java.util.PriorityQueue;
import org.HdrHistogram.Histogram;

/**
 * The closed model against the counter model of Friedrich et al., computed by hand: a
 * sequential event simulation, no threads, no clock, written apart from the code it checks.
 *
 * <p>T client threads; thread i's k-th operation is due at {@code i·tick/T + k·tick} (tick =
 * T/rate) and starts when it is due or when the thread's previous operation completed, whichever
 * is later. The store's backlog B (nanoseconds) drains in real time, a hiccup of length H adds H
 * for the first arrival at or after its start, an arrival waits B and adds 1/λmax:
 * {@code B = max(0, B − Δ) + H; wait = B; B += 1/λmax}. Arrivals at the same instant are served
 * in the order their threads began waiting (the virtual clock's order); a thread whose wait is
 * zero goes on at once. Latencies are recorded in whole microseconds, truncated, from the
 * intended start (response) and from the actual start (service).
 */
final class ClosedCounterModel {
    final Histogram response = histogram();
    final Histogram service = histogram();

    private final double serviceNanos;
    private final long hiccupAtNanos;
    private final long hiccupNanos;
    private double backlogNanos;
    private long lastArrivalNanos = -1;

    private ClosedCounterModel(double maxOpsPerSecond, long hiccupAtNanos, long hiccupNanos) {
        this.serviceNanos = 1e9 / maxOpsPerSecond;
        this.hiccupAtNanos = hiccupAtNanos;
        this.hiccupNanos = hiccupNanos;
    }

    /** One waiting thread: when it is due again, and the order in which it began to wait. */
    private record Wake(long atNanos, long order, int thread) {
    }

    /** Simulates {@code ops} operations of T threads paced to {@code rate} against the store. */
    static ClosedCounterModel simulate(int threads, long ops, double rate, double maxOpsPerSecond, long hiccupAtNanos,
            long hiccupNanos) {
        ClosedCounterModel m = new ClosedCounterModel(maxOpsPerSecond, hiccupAtNanos, hiccupNanos);
        long tick = Math.round(threads * 1e9 / rate);
        long[] done = new long[threads];
        long[] quota = new long[threads];
        PriorityQueue<Wake> waiting = new PriorityQueue<>((a, b) -> a.atNanos != b.atNanos
                ? Long.compare(a.atNanos, b.atNanos) : Long.compare(a.order, b.order));
        long order = 0;
        for (int i = 0; i < threads; i++) {
            quota[i] = ops / threads + (i < ops % threads ? 1 : 0);
            waiting.add(new Wake(0, order++, i));
        }
        while (!waiting.isEmpty()) {
            Wake w = waiting.poll();
            int i = w.thread;
            long now = w.atNanos;
            while (done[i] < quota[i]) {
                long intended = tick * i / threads + done[i] * tick;
                if (intended > now) {
                    waiting.add(new Wake(intended, order++, i));
                    break;
                }
                long completed = now + m.admit(now);
                m.response.recordValue((completed - intended) / 1000);
                m.service.recordValue((completed - now) / 1000);
                done[i]++;
                if (completed > now) {
                    waiting.add(new Wake(completed, order++, i));
                    break;
                }
            }
        }
        return m;
    }

    private long admit(long arrivalNanos) {
        if (lastArrivalNanos >= 0) {
            backlogNanos = Math.max(0, backlogNanos - (arrivalNanos - lastArrivalNanos));
        }
        if (lastArrivalNanos < hiccupAtNanos && hiccupAtNanos <= arrivalNanos) {
            backlogNanos += hiccupNanos;
        }
        double wait = backlogNanos;
        backlogNanos += serviceNanos;
        lastArrivalNanos = arrivalNanos;
        return Math.round(wait);
    }

    private static Histogram histogram() {
        Histogram h = new Histogram(3);
        h.setAutoResize(true);
        return h;
    }
}
