// Copyright IBM Corp. 2021, 2026
// SPDX-License-Identifier: MPL-2.0

// Package toproto6 contains functions to convert from framework types to
// protocol version 6 (tfprotov6) types.
package toproto6
