package org.openmark.cluster.coordinator;

import java.util.HashMap;
import java.util.Map;
import java.util.function.Consumer;
import org.apache.pekko.actor.Address;
import org.apache.pekko.actor.typed.ActorRef;
import org.openmark.cluster.protocol.Challenge;
import org.openmark.cluster.protocol.Hello;
import org.openmark.cluster.protocol.Refused;
import org.openmark.cluster.protocol.Register;
import org.openmark.cluster.protocol.SharedSecret;
import org.openmark.cluster.protocol.ToWorker;
import org.openmark.run.OpenmarkVersion;

/**
 * Who may join the session: a worker of the same openmark version, once, while the session is
 * still joining, and, when the session has a shared secret, only with the proof of it (the
 * HMAC of a fresh nonce, so the secret never crosses the network). Every refusal is told to the
 * worker, saying why and what to do; the coordinator reports it too. Owned by the coordinator's
 * actor (one thread at a time).
 */
final class Admission {
    private final byte[] secret;
    private final int count;
    private final Consumer<String> say;
    /** The nonce each challenged worker must prove the secret with. */
    private final Map<ActorRef<ToWorker>, String> challenged = new HashMap<>();
    private final Map<ActorRef<ToWorker>, WorkerSlot> pendingHellos = new HashMap<>();

    /**
     * @param secret the shared secret, or null (no proof asked)
     * @param count how many workers the session needs
     * @param say where the coordinator reports a refusal
     */
    Admission(byte[] secret, int count, Consumer<String> say) {
        this.secret = secret;
        this.count = count;
        this.say = say;
    }

    /**
     * A worker says hello: it is refused, or challenged to prove the secret, or, without a secret,
     * it is to be admitted now.
     *
     * @param joining whether the session still admits workers
     * @param workers the workers admitted so far
     * @param givenUp why the session ended before it had all its workers, or null
     * @return the worker to admit now, or null
     */
    WorkerSlot hello(Hello h, boolean joining, Roster workers, String givenUp) {
        String refusal = refusal(h, joining, workers.any(w -> sameNode(w.ref, h.worker())), givenUp);
        if (refusal != null) {
            h.worker().tell(new Refused(refusal));
            say.accept("refused a worker at " + address(h.worker()) + ": " + refusal);
            return null;
        }
        WorkerSlot candidate = new WorkerSlot(-1, h.worker(), address(h.worker()), h.host(), h.cores(), h.pid());
        if (secret == null) {
            return candidate;
        }
        String nonce = SharedSecret.nonce();
        challenged.put(candidate.ref, nonce);
        pendingHellos.put(candidate.ref, candidate);
        h.worker().tell(new Challenge(nonce));
        return null;
    }

    /**
     * A worker answers its challenge: it is to be admitted now, or it is refused.
     *
     * @param joining whether the session still admits workers
     * @param givenUp why the session ended before it had all its workers, or null
     * @return the worker to admit now, or null
     */
    WorkerSlot register(Register r, boolean joining, String givenUp) {
        String nonce = challenged.remove(r.worker());
        WorkerSlot candidate = pendingHellos.remove(r.worker());
        String refusal;
        if (nonce == null || candidate == null) {
            refusal = "register without a challenge: start the worker again";
        } else if (!SharedSecret.verify(secret, nonce, r.proof())) {
            refusal = r.proof() == null || r.proof().isEmpty()
                    ? "the coordinator requires a shared secret: start the worker with --cluster-secret-file"
                    : "wrong shared secret: give the worker the coordinator's --cluster-secret-file";
            say.accept("refused a worker at " + candidate.address + ": " + refusal);
        } else if (!joining) {
            refusal = givenUp != null ? "the session was given up (" + givenUp + "): a worker cannot join it"
                    : "the session has started: a worker cannot join late";
        } else {
            return candidate;
        }
        r.worker().tell(new Refused(refusal));
        return null;
    }

    /** Why a worker that says hello is refused, or null; {@code joinedAlready}: one of its node was admitted. */
    private String refusal(Hello h, boolean joining, boolean joinedAlready, String givenUp) {
        if (!OpenmarkVersion.current().equals(h.version())) {
            return "this worker runs openmark " + h.version() + ", the coordinator " + OpenmarkVersion.current()
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
