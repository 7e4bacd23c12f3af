package org.openmark.testbindings;

/** Stands for a driver library; the test jar leaves it out (see {@link MissingDependencyDB}). */
public class MissingDriver implements MissingApi {
}
