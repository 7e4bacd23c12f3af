package org.openmark.event;

/**
 * What became of one {@link EventSpec}: when its command started and ended, in seconds after the
 * measured start, and how it ended.
 *
 * @param startSeconds when it started, or NaN when the run ended (or was stopped) before its time
 * @param endSeconds when it ended, or NaN when it had not ended when the run did (it keeps running)
 * @param exitCode the command's exit code, or null when it did not end (or could not start)
 * @param output where its standard output and error went, or null when nothing was kept
 * @param note what else there is to say (could not start, still running, not run), or null
 */
public record EventOutcome(EventSpec spec, double startSeconds, double endSeconds, Integer exitCode, String output,
        String note) {

    /** True when the command ran to its end with exit code 0. */
    public boolean succeeded() {
        return exitCode != null && exitCode == 0;
    }
}
