package org.openmark.run;

/**
 * A moment a run spread over several processes changed what it offered the store, because one of
 * its load generators stopped before the end (it was lost, or stopped on its machine).
 *
 * @param fromSeconds when, in seconds after the phase's start (the warm-up's start when there is one)
 * @param workers how many workers went on issuing
 * @param of how many the run was planned with
 * @param ratePerSec the open model's rate the run offered from then on (0 for the closed model)
 * @param threads the closed model's client threads still issuing (0 for the open model)
 * @param why which worker stopped, and why
 */
public record OfferedChange(double fromSeconds, int workers, int of, double ratePerSec, int threads, String why) {
}
