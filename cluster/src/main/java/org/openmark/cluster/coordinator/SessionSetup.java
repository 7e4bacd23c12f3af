package org.openmark.cluster.coordinator;

import java.io.PrintStream;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A cluster session, as its command asks the coordinator's actor for it ({@link CoordinatorActor#create}).
 *
 * @param count how many workers the session needs
 * @param secret the shared secret workers must prove, or null
 * @param onLoss what a run does when a worker is lost while it runs
 * @param joinTimeout how long the workers have to join
 * @param err where the coordinator's lines go
 * @param admitted how many workers were admitted so far (the session watches its local workers by it)
 * @param joined completed with the workers once every one joined and their clocks are known, or with why not
 */
public record SessionSetup(int count, byte[] secret, OnWorkerLoss onLoss, Duration joinTimeout, PrintStream err,
        AtomicInteger admitted, CompletableFuture<List<WorkerSlot>> joined) {
}
