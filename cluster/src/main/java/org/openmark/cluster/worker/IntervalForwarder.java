package org.openmark.cluster.worker;

import org.apache.pekko.actor.typed.ActorRef;
import org.openmark.api.Clock;
import org.openmark.cluster.protocol.IntervalReport;
import org.openmark.cluster.protocol.IntervalWire;
import org.openmark.measure.IntervalSnapshot;
import org.openmark.output.IntervalSink;

/**
 * Streams every interval of a worker's run to the coordinator, numbered, with the process's CPU use
 * over it, through the worker's actor, which sends it on or holds it while the coordinator is
 * unreachable ({@link Outbox}).
 */
final class IntervalForwarder implements IntervalSink {
    private final ActorRef<WorkerActor.Command> worker;
    private final int index;
    private final CpuMeter cpu;
    private int seq;

    /** @param worker the worker's actor */
    IntervalForwarder(ActorRef<WorkerActor.Command> worker, int index, Clock clock) {
        this.worker = worker;
        this.index = index;
        this.cpu = new CpuMeter(clock);
    }

    @Override
    public void interval(IntervalSnapshot s, double elapsedSeconds, long inFlight, boolean warmUp) {
        double percent = cpu.lap();
        worker.tell(new WorkerActor.Interval(new IntervalReport(index, seq++, IntervalWire.of(s), elapsedSeconds,
                inFlight, warmUp, percent)));
    }

    @Override
    public void close() {
    }
}
