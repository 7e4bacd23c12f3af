package org.openmark.cluster.worker;

import org.apache.pekko.actor.typed.ActorRef;
import org.openmark.api.Clock;
import org.openmark.cluster.coordinator.CoordinatorActor;
import org.openmark.cluster.coordinator.PhaseRun.IntervalReport;
import org.openmark.cluster.protocol.IntervalWire;
import org.openmark.measure.IntervalSnapshot;
import org.openmark.output.IntervalSink;

/**
 * Streams every interval of a worker's run to the coordinator, numbered, with the process's CPU use
 * over it; while the coordinator is unreachable the link holds them ({@link CoordinatorLink#sendInterval}).
 */
final class IntervalForwarder implements IntervalSink {
    private final CoordinatorLink link;
    private final ActorRef<CoordinatorActor.FromWorker> coordinator;
    private final int run;
    private final int index;
    private final CpuMeter cpu;
    private int seq;

    IntervalForwarder(CoordinatorLink link, ActorRef<CoordinatorActor.FromWorker> coordinator, int run, int index, Clock clock) {
        this.link = link;
        this.coordinator = coordinator;
        this.run = run;
        this.index = index;
        this.cpu = new CpuMeter(clock);
    }

    @Override
    public void interval(IntervalSnapshot s, double elapsedSeconds, long inFlight, boolean warmUp) {
        double percent = cpu.lap();
        link.sendInterval(coordinator, new IntervalReport(run, index, seq++, IntervalWire.of(s), elapsedSeconds,
                inFlight, warmUp, percent));
    }

    @Override
    public void close() {
    }
}
