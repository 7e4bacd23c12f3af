package org.openmark.cli;

import org.openmark.run.OpenmarkVersion;
import picocli.CommandLine.IVersionProvider;

/** Prints openmark's version and the JVM's. */
final class VersionProvider implements IVersionProvider {
    @Override
    public String[] getVersion() {
        return new String[] {"openmark " + OpenmarkVersion.current(),
                "JVM " + System.getProperty("java.vm.name") + " " + System.getProperty("java.version")};
    }
}
