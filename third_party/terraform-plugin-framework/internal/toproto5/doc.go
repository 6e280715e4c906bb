// Copyright IBM Corp. 2021, 2026
// SPDX-License-Identifier: MPL-2.0

// Package toproto5 contains functions to convert from framework types to
// protocol version 5 (tfprotov5) types.
package toproto5
