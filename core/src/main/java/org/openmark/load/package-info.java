/**
 * The load models: <em>when</em> operations are issued. A {@link org.openmark.load.LoadModel} runs one
 * phase ({@link org.openmark.load.PhaseContext} in, {@link org.openmark.load.PhaseOutcome} out): the
 * {@link org.openmark.load.ClosedModel} (YCSB's client threads, paced or not, and
 * {@link org.openmark.load.PipelinedClients} on a pipelining store) or the
 * {@link org.openmark.load.OpenModel} (arrivals from an {@link org.openmark.load.ArrivalProcess} and a
 * {@link org.openmark.load.RateSchedule}, bounded in flight, an {@link org.openmark.load.OverloadPolicy}),
 * each doing its {@link org.openmark.load.Share} of a run split over processes, within its
 * {@link org.openmark.load.RunLimits}; both run and record an operation alike
 * ({@link org.openmark.load.OperationRunner}).
 *
 * <p>The open model's schedule is issued by its {@link org.openmark.load.Issuer}; where the due operations
 * run (a pool of reused workers that take turns keeping time, or a thread each in virtual time) is the
 * subpackage {@code dispatch}, which knows nothing of the models: the model gives it an
 * {@link org.openmark.load.dispatch.OperationHandler} ({@link org.openmark.load.OpenModelHandler}) and a
 * {@link org.openmark.load.dispatch.Timekeeping} (the issuer).
 */
package org.openmark.load;
