package org.openmark.run;

/** openmark's version, from the jar manifest when packaged. */
public final class Version {
    private Version() {
    }

    /** e.g. {@code 0.1.0-SNAPSHOT}. */
    public static String current() {
        String v = Version.class.getPackage().getImplementationVersion();
        return v == null ? "0.1.0-SNAPSHOT" : v;
    }
}
