#!/bin/sh
# Guest command: never finish, so only the runner's timeout ends the run.
while :; do sleep 60; done
