/**
 * Action rating (Barahmand and Ghandeharizadeh, "On Expedited Rating of Data Stores"): the
 * highest throughput at which a data store meets an {@link org.openmark.rating.Sla}.
 *
 * <p>This package decides which experiments to run and what the answer is; it runs nothing
 * itself. An {@link org.openmark.rating.Experimenter} is the oracle (the real engine, or a
 * {@link org.openmark.rating.CurveExperimenter} over a synthetic {@link org.openmark.rating.Curve}
 * for dry runs and tests). {@link org.openmark.rating.Rater} climbs ({@link
 * org.openmark.rating.HillClimb}), refines ({@link org.openmark.rating.GoldenSectionSearch} or
 * {@link org.openmark.rating.ApproximateSearch}), confirms, and returns an immutable
 * {@link org.openmark.rating.RatingReport}.
 */
package org.openmark.rating;
