package org.openmark.cluster.coordinator;

import java.util.HashMap;
import java.util.Map;
import org.apache.pekko.actor.Address;
import org.apache.pekko.actor.typed.ActorRef;
import org.openmark.cluster.protocol.SharedSecret;
import org.openmark.run.Version;

/**
 * Who may join the session: a worker of the same openmark version, once, while the session is
 * still joining, and, when the session has a shared secret, only with the proof of it (the
 * HMAC of a fresh nonce, so the secret never crosses the network). Every refusal says why and
 * what to do. Owned by the coordinator's actor (one thread at a time).
 */
final class Admission {
    /**
     * The answer to a worker's proof.
     *
     * @param candidate the worker, when it said hello before (null otherwise)
     * @param refusal why it is refused, or null: admit it
     * @param logged whether the coordinator reports the refusal too
     */
    record Answer(WorkerSlot candidate, String refusal, boolean logged) {
    }

    private final byte[] secret;
    private final int count;
    /** The nonce each challenged worker must prove the secret with. */
    private final Map<ActorRef<CoordinatorActor.ToWorker>, String> challenged = new HashMap<>();
    private final Map<ActorRef<CoordinatorActor.ToWorker>, WorkerSlot> pendingHellos = new HashMap<>();

    /**
     * @param secret the shared secret, or null (no proof asked)
     * @param count how many workers the session needs
     */
    Admission(byte[] secret, int count) {
        this.secret = secret;
        this.count = count;
    }

    /**
     * Why a worker that says hello is refused, or null.
     *
     * @param joining whether the session still admits workers
     * @param joinedAlready whether a worker of the same node was admitted before
     * @param givenUp why the session ended before it had all its workers, or null
     */
    String refusal(CoordinatorActor.Hello h, boolean joining, boolean joinedAlready, String givenUp) {
        if (!Version.current().equals(h.version())) {
            return "this worker runs openmark " + h.version() + ", the coordinator " + Version.current()
                    + ": run the same openmark version everywhere";
        }
        if (!joining && givenUp != null) {
            return "the session was given up (" + givenUp + "): a worker cannot join it";
        }
        if (!joining) {
            return "the session has its " + count + " workers and has started: a worker cannot join late";
        }
        if (joinedAlready || challenged.containsKey(h.worker())) {
            return "a worker at " + address(h.worker()) + " has already joined";
        }
        return null;
    }

    /** The worker that said hello, not yet admitted (no index). */
    static WorkerSlot candidate(CoordinatorActor.Hello h) {
        return new WorkerSlot(-1, h.worker(), address(h.worker()), h.host(), h.cores(), h.pid());
    }

    /** The nonce {@code candidate} must prove the secret with, or null when there is no secret (admit it). */
    String challenge(WorkerSlot candidate) {
        if (secret == null) {
            return null;
        }
        String nonce = SharedSecret.nonce();
        challenged.put(candidate.ref, nonce);
        pendingHellos.put(candidate.ref, candidate);
        return nonce;
    }

    /**
     * Checks a worker's proof of the secret; {@code joining}: whether the session still admits workers;
     * {@code givenUp}: why the session ended before it had them all, or null.
     */
    Answer register(CoordinatorActor.Register r, boolean joining, String givenUp) {
        String nonce = challenged.remove(r.worker());
        WorkerSlot candidate = pendingHellos.remove(r.worker());
        if (nonce == null || candidate == null) {
            return new Answer(candidate, "register without a challenge: start the worker again", false);
        }
        if (!SharedSecret.verify(secret, nonce, r.proof())) {
            String why = r.proof() == null || r.proof().isEmpty()
                    ? "the coordinator requires a shared secret: start the worker with --cluster-secret-file"
                    : "wrong shared secret: give the worker the coordinator's --cluster-secret-file";
            return new Answer(candidate, why, true);
        }
        if (!joining) {
            return new Answer(candidate, givenUp != null ? "the session was given up (" + givenUp + "): a worker"
                    + " cannot join it" : "the session has started: a worker cannot join late", false);
        }
        return new Answer(candidate, null, false);
    }

    /**
     * Whether two workers are on one node (one worker per node: the cluster's membership, and with it
     * a worker's loss, is per node). A reference without a host is in this process: only a test has
     * workers there, each its own.
     */
    static boolean sameNode(ActorRef<?> a, ActorRef<?> b) {
        Address at = a.path().address();
        return at.hasGlobalScope() ? at.equals(b.path().address()) : a.equals(b);
    }

    /** A node's host:port, as the reports name a worker. */
    static String address(ActorRef<?> ref) {
        Address a = ref.path().address();
        return a.host().isDefined() ? a.host().get() + ":" + a.port().get() : a.toString();
    }
}
