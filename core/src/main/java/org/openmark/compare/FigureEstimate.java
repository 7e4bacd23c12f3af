package org.openmark.compare;

/**
 * One side's figure with what is known about its error, on the log scale (so an interval of a
 * ratio never crosses −100 %).
 *
 * @param value the figure: the run's, or with several runs the geometric mean of theirs
 * @param logValue its logarithm ({@link Statistic#log})
 * @param logVariance the variance of {@code ln(value)} as an estimate of the side's true figure
 * @param degreesOfFreedom how many degrees of freedom that variance has (a t distribution's)
 * @param notJudged null, or why the figure cannot be judged (it is then shown, not tested), to
 *     follow "not enough data to judge it:"
 */
record FigureEstimate(double value, double logValue, double logVariance, double degreesOfFreedom, String notJudged) {
    /** The same estimate, not judged for {@code reason}. */
    FigureEstimate notJudged(String reason) {
        return new FigureEstimate(value, logValue, logVariance, degreesOfFreedom, reason);
    }
}
