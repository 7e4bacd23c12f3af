package org.openmark.cluster.worker;

import org.apache.pekko.actor.typed.ActorRef;
import org.openmark.api.Clock;
import org.openmark.cluster.coordinator.RunActor;
import org.openmark.cluster.protocol.IntervalWire;
import org.openmark.measure.IntervalSnapshot;
import org.openmark.output.IntervalSink;

/**
 * Streams every interval of a worker's run to the coordinator, numbered, with the process's CPU use
 * over it; while the coordinator is unreachable the link holds them ({@link CoordinatorLink#sendInterval}).
 */
final class IntervalForwarder implements IntervalSink {
    private final CoordinatorLink link;
    private final ActorRef<RunActor.FromWorker> phase;
    private final int index;
    private final CpuMeter cpu;
    private int seq;

    /** @param phase the run's actor on the coordinator */
    IntervalForwarder(CoordinatorLink link, ActorRef<RunActor.FromWorker> phase, int index, Clock clock) {
        this.link = link;
        this.phase = phase;
        this.index = index;
        this.cpu = new CpuMeter(clock);
    }

    @Override
    public void interval(IntervalSnapshot s, double elapsedSeconds, long inFlight, boolean warmUp) {
        double percent = cpu.lap();
        link.sendInterval(phase, new RunActor.IntervalReport(index, seq++, IntervalWire.of(s), elapsedSeconds,
                inFlight, warmUp, percent));
    }

    @Override
    public void close() {
    }
}
