package org.openmark.api;

/**
 * The store does not answer at all (nothing listens, the credentials are refused): found before a
 * run starts, so nothing is measured. The message names where the store was looked for and what it
 * (or its driver) said.
 */
public class StoreUnreachableException extends StoreException {
    private static final long serialVersionUID = 1L;

    public StoreUnreachableException(String message) {
        super(message);
    }
}
