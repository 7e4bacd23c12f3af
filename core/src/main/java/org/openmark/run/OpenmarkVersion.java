package org.openmark.run;

/** openmark's version, from the jar manifest when packaged. */
public final class OpenmarkVersion {
    private OpenmarkVersion() {
    }

    /** e.g. {@code 0.1.0-SNAPSHOT}. */
    public static String current() {
        String v = OpenmarkVersion.class.getPackage().getImplementationVersion();
        return v == null ? "0.1.0-SNAPSHOT" : v;
    }
}
