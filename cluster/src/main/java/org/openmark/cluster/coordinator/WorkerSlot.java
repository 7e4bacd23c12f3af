package org.openmark.cluster.coordinator;

import org.HdrHistogram.Histogram;
import org.apache.pekko.actor.typed.ActorRef;
import org.openmark.cluster.protocol.ToWorker;
import org.openmark.measure.IntervalSnapshot;
import org.openmark.measure.Measurements;
import org.openmark.measure.Totals;
import org.openmark.consistency.StalenessResult;
import org.openmark.run.RunResult;

/**
 * What the coordinator knows of one worker. The session's part (whether it is still there) is the
 * coordinator's actor's, its clock offset the clock prober's ({@link ClockProbeActor}); the run's
 * part (prepared, ready, its intervals and result) is the actor of the run under way's
 * ({@link RunActor}, kept by its {@link RunLedger}).
 */
public final class WorkerSlot {
    final int index;
    final ActorRef<ToWorker> ref;
    final String address;
    final String host;
    final int cores;
    final long pid;
    /** Written by the clock prober while a run's actor reads it: volatile. */
    volatile long offsetMicros;
    volatile long rttMicros = Long.MAX_VALUE;
    int pongs;
    boolean prepared;
    boolean knownEmpty;
    boolean embedded;
    boolean ready;
    /** Its result, once it reported (null until then, and for a lost worker). */
    RunResult result;
    /** Its staleness measurement, once it reported one (a staleness run reports this instead of a result). */
    StalenessResult staleness;
    /** What its store said about itself (with a staleness measurement). */
    java.util.Map<String, String> storeFacts = java.util.Map.of();
    double cpuPercent = -1;
    double lastIntervalCpuPercent = -1;
    private double intervalCpuSum;
    private int intervalsWithCpu;
    /** Whether it is still there, and when it went. */
    final WorkerLiveness liveness = new WorkerLiveness();
    /** The sum of the intervals it delivered: a lost worker's part of the result. */
    Totals totals = new Totals();
    long issuedSoFar;
    int intervals;
    /** The last interval it delivered, for its line in the live progress. */
    IntervalSnapshot lastInterval;
    /** The latest end of an interval it delivered, by the coordinator's wall clock (epoch ms), or -1. */
    long lastIntervalEndMs = -1;
    /** Why its part stopped before its end (a signal on its machine, the coordinator's stop), or null. */
    String stopReason;
    Histogram sendLagSoFar = Measurements.newHistogram();

    WorkerSlot(int index, ActorRef<ToWorker> ref, String address, String host, int cores, long pid) {
        this.index = index;
        this.ref = ref;
        this.address = address;
        this.host = host;
        this.cores = cores;
        this.pid = pid;
    }

    /** How the coordinator's lines name it: {@code worker worker-1 (host:port)}. */
    String who() {
        return "worker " + name() + " (" + address + ")";
    }

    /** {@code worker-1}, {@code worker-2}, … */
    public String name() {
        return "worker-" + (index + 1);
    }

    public int index() {
        return index;
    }

    public String address() {
        return address;
    }

    public String host() {
        return host;
    }

    public long offsetMicros() {
        return offsetMicros;
    }

    public long roundTripMicros() {
        return rttMicros == Long.MAX_VALUE ? -1 : rttMicros;
    }

    public RunResult result() {
        return result;
    }

    public StalenessResult staleness() {
        return staleness;
    }

    public java.util.Map<String, String> storeFacts() {
        return storeFacts;
    }

    /** True once it sent its part of the run (a result or a staleness measurement). */
    boolean reported() {
        return result != null || staleness != null;
    }

    public boolean lost() {
        return liveness.lost();
    }

    public long lostAfterMs() {
        return liveness.lostAfterMs();
    }

    /** The time between its last interval and the moment it was found unreachable (ms). */
    public long silentBeforeLossMs() {
        return liveness.silentBeforeLossMs();
    }

    public String lostReason() {
        return liveness.lostReason();
    }

    public double cpuPercent() {
        return cpuPercent;
    }

    public double lastIntervalCpuPercent() {
        return lastIntervalCpuPercent;
    }

    public Totals totals() {
        return totals;
    }

    public long issuedSoFar() {
        return issuedSoFar;
    }

    public IntervalSnapshot lastInterval() {
        return lastInterval;
    }

    /** The latest end of an interval it delivered, by the coordinator's wall clock (epoch ms), or -1. */
    public long lastIntervalEndMs() {
        return lastIntervalEndMs;
    }

    /** Why its part stopped before its end, as it said, or null. */
    public String stopReason() {
        return stopReason;
    }

    public Histogram sendLagSoFar() {
        return sendLagSoFar;
    }

    /** Forgets the previous run (a session runs several phases over the same workers). */
    void resetForRun() {
        prepared = false;
        knownEmpty = false;
        embedded = false;
        ready = false;
        result = null;
        staleness = null;
        storeFacts = java.util.Map.of();
        cpuPercent = -1;
        lastIntervalCpuPercent = -1;
        intervalCpuSum = 0;
        intervalsWithCpu = 0;
        liveness.resetForRun();
        totals = new Totals();
        issuedSoFar = 0;
        intervals = 0;
        lastInterval = null;
        lastIntervalEndMs = -1;
        stopReason = null;
        sendLagSoFar = Measurements.newHistogram();
    }

    /** One clock probe: keeps the offset measured with the shortest round trip (the tightest bound). */
    void clockSample(long offset, long rtt) {
        pongs++;
        if (rtt < rttMicros) {
            rttMicros = rtt;
            offsetMicros = offset;
        }
    }

    /** Its next interval, received at {@code nowNanos} (the coordinator's clock). */
    void interval(IntervalSnapshot s, boolean warmUp, double cpuPercent, long nowNanos) {
        liveness.heard(nowNanos);
        if (warmUp) {
            totals.addWarmUp(s);
        } else {
            totals.add(s);
            sendLagSoFar.add(s.sendLag());
        }
        issuedSoFar += s.issued();
        intervals++;
        lastInterval = s;
        lastIntervalEndMs = Math.max(lastIntervalEndMs, s.endMillis());
        lastIntervalCpuPercent = cpuPercent;
        if (cpuPercent >= 0) {
            intervalCpuSum += cpuPercent;
            intervalsWithCpu++;
        }
    }

    /** Its CPU use over the intervals it delivered (a lost worker's only figure), or -1. */
    public double meanIntervalCpuPercent() {
        return intervalsWithCpu == 0 ? -1 : intervalCpuSum / intervalsWithCpu;
    }
}
