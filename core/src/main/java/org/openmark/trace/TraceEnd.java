package org.openmark.trace;

/**
 * The mark a trace ends with, written when its run ended (normally or stopped): a trace without it
 * is incomplete (its run died while writing it).
 *
 * @param operations the operations written before it
 * @param dropped the operations that ended but are not in the trace: the writer had fallen behind by
 *     more than its bounded buffer, and the run did not wait for it
 * @param interrupted true when the run was stopped (Ctrl-C) before its end
 */
public record TraceEnd(long operations, long dropped, boolean interrupted) {
}
