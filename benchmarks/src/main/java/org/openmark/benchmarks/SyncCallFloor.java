package org.openmark.benchmarks;

import java.lang.management.ManagementFactory;
import java.util.Locale;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import org.openmark.api.Clock;

/**
 * The most blocking calls per second N caller threads can make on this machine when each call
 * parks until another thread completes it: the ceiling of any synchronous client of a store in
 * another process (the simulated store's TCP client, a database driver), before a single byte
 * is sent. Each caller queues a call and parks; one completer thread takes the calls off the
 * queue and unparks their callers. No sockets, no work per call.
 *
 * <p>Why: an in-process store never parks its caller, so its closed-model throughput is bounded
 * by CPU alone; a remote one parks and wakes a thread per call. With platform threads (the
 * closed model's) that is a futex wait and wake and two context switches per call, which this
 * measures.
 *
 * <p>Usage: {@code SyncCallFloor [CALLERS] [platform|virtual] [SECONDS]} (defaults 8, platform,
 * 5). Prints calls per second and the process's CPU time per call.
 */
public final class SyncCallFloor {
    private static final class Call {
        final Thread caller = Thread.currentThread();
        volatile boolean done;
    }

    private final ConcurrentLinkedQueue<Call> queue = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean stop = new AtomicBoolean();
    private final LongAdder calls = new LongAdder();

    public static void main(String[] args) throws InterruptedException {
        int callers = args.length > 0 ? Integer.parseInt(args[0]) : 8;
        boolean virtual = args.length > 1 && args[1].equals("virtual");
        int seconds = args.length > 2 ? Integer.parseInt(args[2]) : 5;
        new SyncCallFloor().run(callers, virtual, seconds);
    }

    private void run(int callers, boolean virtual, int seconds) throws InterruptedException {
        Clock clock = Clock.system();
        Thread.ofPlatform().daemon(true).name("completer").start(this::complete);
        Thread.Builder builder = virtual ? Thread.ofVirtual() : Thread.ofPlatform().daemon(true);
        for (int i = 0; i < callers; i++) {
            builder.start(this::callLoop);
        }
        clock.parkUntil(clock.nanoTime() + 1_000_000_000L);   // warm-up
        long calls0 = calls.sum();
        long cpu0 = processCpuNanos();
        long t0 = clock.nanoTime();
        clock.parkUntil(t0 + seconds * 1_000_000_000L);
        long n = calls.sum() - calls0;
        long cpu = processCpuNanos() - cpu0;
        long elapsed = clock.nanoTime() - t0;
        stop.set(true);
        System.out.printf(Locale.ROOT, "%d %s callers, each call parked until a completer thread unparks it: "
                + "%.0f calls/s, %.1f us CPU per call%n", callers, virtual ? "virtual" : "platform",
                n * 1e9 / elapsed, cpu / 1e3 / n);
    }

    private void callLoop() {
        while (!stop.get()) {
            Call call = new Call();
            queue.add(call);
            while (!call.done) {
                LockSupport.park(this);
            }
            calls.increment();
        }
    }

    /** Completes calls as they come; parks 10 us when there are none (a reader blocked on a socket sleeps too). */
    private void complete() {
        while (!stop.get()) {
            Call call = queue.poll();
            if (call == null) {
                LockSupport.parkNanos(10_000);
                continue;
            }
            call.done = true;
            LockSupport.unpark(call.caller);
        }
    }

    private static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }
}
