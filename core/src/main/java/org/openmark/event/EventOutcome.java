package org.openmark.event;

/**
 * What became of one {@link EventSpec}: when its command started and ended, in seconds after the
 * phase's start (the warm-up's start, as the outages, timeseries.csv and latency.hlog count; its
 * {@code AT} counts from the measured start), and how it ended.
 *
 * @param startSeconds when it started, or NaN when the run ended (or was stopped) before its time
 * @param endSeconds when it ended, or NaN when it had not ended when the run did (it keeps running)
 * @param exitCode the command's exit code, or null when it did not end (or could not start)
 * @param output where its standard output and error went, or null when nothing was kept
 * @param note what else there is to say (could not start, still running, not run), or null
 * @param recovery how the response time answered it ({@link Recovery}), or null when not judged
 * @param nodes what the store's nodes did from its start on ({@link NodeChange}): empty when none
 *     changed, or the store tells nothing of its nodes
 */
public record EventOutcome(EventSpec spec, double startSeconds, double endSeconds, Integer exitCode, String output,
        String note, Recovery recovery, java.util.List<NodeChange> nodes) {

    public EventOutcome {
        nodes = java.util.List.copyOf(nodes);
    }

    /** An outcome not yet judged for its effect on latency. */
    public EventOutcome(EventSpec spec, double startSeconds, double endSeconds, Integer exitCode, String output,
            String note) {
        this(spec, startSeconds, endSeconds, exitCode, output, note, null, java.util.List.of());
    }

    /** This outcome with how latency answered it. */
    public EventOutcome withRecovery(Recovery r) {
        return new EventOutcome(spec, startSeconds, endSeconds, exitCode, output, note, r, nodes);
    }

    /** This outcome with what the store's nodes did after it. */
    public EventOutcome withNodes(java.util.List<NodeChange> changes) {
        return new EventOutcome(spec, startSeconds, endSeconds, exitCode, output, note, recovery, changes);
    }

    /** True when the command ran to its end with exit code 0. */
    public boolean succeeded() {
        return exitCode != null && exitCode == 0;
    }
}
