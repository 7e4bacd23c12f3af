package org.openmark.run;

import java.util.List;
import org.openmark.load.OperationLog;
import org.openmark.output.IntervalSink;

/**
 * What a caller adds to a phase it does not run alone (a cluster worker): sinks that receive
 * every interval beside the usual ones, and a gate the phase waits at just before its clock
 * starts, so that several processes start together.
 *
 * @param sinks more interval sinks (not closed by the phase)
 * @param gate called once, after the store is open and loaded, before the phase's start time is taken
 * @param log told every operation of the phase that ended ({@code --record-ops}), or {@link OperationLog#NONE}
 */
public record PhaseHooks(List<IntervalSink> sinks, StartGate gate, OperationLog log) {
    /** Nothing added: a phase of its own. */
    public static final PhaseHooks NONE = new PhaseHooks(List.of(), () -> { }, OperationLog.NONE);

    public PhaseHooks {
        sinks = List.copyOf(sinks);
    }

    /** Sinks and a gate, no operation log. */
    public PhaseHooks(List<IntervalSink> sinks, StartGate gate) {
        this(sinks, gate, OperationLog.NONE);
    }

    /** These hooks with {@code log} told every operation of the phase. */
    public PhaseHooks withLog(OperationLog log) {
        return new PhaseHooks(sinks, gate, log);
    }

    /** Waits until the phase may start. */
    @FunctionalInterface
    public interface StartGate {
        void awaitStart() throws InterruptedException;
    }
}
