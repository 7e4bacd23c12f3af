package org.openmark.load;

/**
 * The measured window of a phase: a load model opens it once its own preparation is done (its
 * workers started and warmed, their sessions opened) and right before it issues its first
 * operation. Everything before the opening is the harness's, not the store's: it is in no
 * interval, no stall, no in-flight count and no part of the run's span.
 */
public interface MeasuredWindow {

    /**
     * Opens the window (the first call only; later calls return the same time) and returns when it
     * opened, on the phase's clock: the start every limit of the phase counts from.
     */
    long open() throws InterruptedException;
}
