package org.openmark.load;

/**
 * Decides <em>when</em> operations are issued. The closed model (YCSB's) keeps T client threads
 * busy; the open model issues operations at their intended arrival times, whatever the store
 * does. Both record, for every operation, its intended start, actual start and completion.
 */
public interface LoadModel {

    /** Runs the run phase until the limits are reached or the stop signal is set. */
    PhaseOutcome run(PhaseContext context) throws InterruptedException;

    /** A short description for the report, e.g. {@code closed(threads=8, target=20000/s)}. */
    String describe();

    /** The model as fields (result.json's {@code load}); its display is {@link #describe()}. */
    LoadSpec spec();
}
