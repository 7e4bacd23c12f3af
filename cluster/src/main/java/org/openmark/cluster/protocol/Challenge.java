package org.openmark.cluster.protocol;

/** The coordinator wants proof of the shared secret: an HMAC of this nonce ({@link Register}). */
public record Challenge(String nonce) implements ToWorker {
}
