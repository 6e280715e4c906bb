// Copyright IBM Corp. 2021, 2026
// SPDX-License-Identifier: MPL-2.0

// Package fromproto6 contains functions to convert from protocol version 6
// (tfprotov6) types to framework types.
package fromproto6
