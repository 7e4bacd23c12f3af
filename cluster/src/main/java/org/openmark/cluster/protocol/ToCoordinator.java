package org.openmark.cluster.protocol;

import org.apache.pekko.actor.typed.receptionist.ServiceKey;

/**
 * What a worker says to the coordinator's actor (over the network, as CBOR): its introduction, its
 * proof of the shared secret, and that it leaves at the session's end. (Its answers to the clock
 * probes, {@link Pong}, go to the actor that sent the probes.)
 */
public sealed interface ToCoordinator extends ClusterMessage permits Hello, Register, Leaving {
    /** Under this key the coordinator registers with the cluster's receptionist; workers look for it. */
    ServiceKey<ToCoordinator> KEY = ServiceKey.create(ToCoordinator.class, "openmark-coordinator");
}
