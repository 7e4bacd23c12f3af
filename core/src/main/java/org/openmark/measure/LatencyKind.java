package org.openmark.measure;

/** Which span of an operation a histogram measures. */
public enum LatencyKind {
    /** completion − intended start: what a user waiting for the request saw. */
    RESPONSE,
    /** completion − actual start: how long the store took once asked. */
    SERVICE;

    /** Suffix used in HDR log tags ({@code READ.OK.response}). */
    public String tagSuffix() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
